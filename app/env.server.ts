import net from "node:net";
import path from "node:path";
import { z } from "zod";

/**
 * Every setting the product reads, parsed once. Defaults make `npm start` work on a fresh machine
 * with no database server, mail server or keys. The README's settings table is written from this file.
 */
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

/** An on/off setting: "1" or "true" turn it on, "0" or "false" off; anything else keeps the default. */
const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value) => (value === "1" || value === "true" ? true : value === "0" || value === "false" ? false : fallback));

/** Express's "trust proxy": false (no proxy), a number of hops, or the proxies' addresses and subnets. */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split("/");
  if (extra !== undefined || !address || net.isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = net.isIPv4(address) ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/** TRUST_PROXY as Express takes it: unset, "0" or "false" for none; a hop count ("true" is 1); or addresses. */
function parseTrustProxy(value: string | undefined, context: z.RefinementCtx): TrustProxy {
  const setting = value?.trim() ?? "";
  if (setting === "" || setting === "0" || setting === "false") return false;
  if (setting === "true") return 1;
  if (/^\d+$/.test(setting)) return Number(setting);
  const entries = setting
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    context.addIssue({ code: "custom", message: `not a hop count, address, subnet or loopback/linklocal/uniquelocal: ${invalid.join(", ")}` });
    return z.NEVER;
  }
  return entries;
}

const EnvSchema = z.object({
  /** "production" for `npm start` (set by the script); "development" for `npm run dev`. */
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** HTTP port the server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface the server binds to. */
  HOST: z.string().default("0.0.0.0"),
  /** Public origin of the site, used for canonical URLs, Open Graph tags and links in e-mails. */
  SITE_URL: optionalString,
  /** Folder for the embedded database (DATA_DIR/db) and local uploads (DATA_DIR/storage). */
  DATA_DIR: z.string().default("./data"),
  /** A PostgreSQL connection string. Unset: the embedded PGlite database in DATA_DIR/db. */
  DATABASE_URL: optionalString,
  /** The site's name: top bar, footer, page titles, headings that name the site, e-mails, the start-up line (content blocks keep their own words). */
  SITE_NAME: z.string().default("White Streams"),
  // The next values are the defaults of the Settings screen (/edit/settings): an Owner's change there is kept
  // in the database and wins over these until it is set back to the same value.
  /** Company name in the menu's contact block and the footer (default of Settings). */
  COMPANY_NAME: z.string().default("White Streams"),
  /** Country shown with the company name (default of Settings). */
  COMPANY_COUNTRY: z.string().default("India"),
  /** Public contact address shown in the menu, footer and Contact page (default of Settings). */
  CONTACT_EMAIL: z.email().default("ceo.whitestreams@gmail.com"),
  /** Internal mailbox that receives enquiry notifications (default of Settings). */
  ENQUIRY_MAILBOX: z.email().default("ceo.whitestreams@gmail.com"),
  /** Phone number shown to buyers, in international format such as +91 98765 43210; unset: none shown (default of Settings). */
  CONTACT_PHONE: optionalString,
  /** WhatsApp number shown to buyers, in international format; unset: none shown (default of Settings). */
  CONTACT_WHATSAPP: optionalString,
  /** Working hours on the Contact page (default of Settings). */
  WORKING_HOURS: z.string().default("24/7 Support"),
  /** Instagram page (https://instagram.com/...) shown in the footer and on the Contact page (default of Settings). */
  SOCIAL_INSTAGRAM_URL: optionalString,
  /** LinkedIn page (default of Settings). */
  SOCIAL_LINKEDIN_URL: optionalString,
  /** X profile (default of Settings). */
  SOCIAL_X_URL: optionalString,
  /** Facebook page (default of Settings). */
  SOCIAL_FACEBOOK_URL: optionalString,
  /** YouTube channel (default of Settings). */
  SOCIAL_YOUTUBE_URL: optionalString,
  /** Months an enquiry and its e-mails are kept before the daily job deletes them (default of Settings). */
  ENQUIRY_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** Extra image origins allowed by the Content-Security-Policy (space separated). */
  IMAGE_ORIGINS: z.string().default("https://image931.wordpress.com"),
  /** Proxies whose X-Forwarded-For/-Proto are believed: a hop count ("1": one load balancer or CDN; "true" means 1) when only they can reach the port, or their addresses or subnets, comma separated (10.0.0.0/8, loopback), so a client reaching the port directly cannot choose its address. Unset: none (docs/operations.md). */
  TRUST_PROXY: z.string().optional().transform(parseTrustProxy),
  /** Log level of the JSON request and application logs (unset: info, or warn when NODE_ENV is test). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Seed the catalogue on start when a listing is missing (idempotent; never overwrites staff edits). "0" turns it off. */
  SEED_ON_START: flag(true).default(true),
  /** Folder of the committed SQL migrations run at start-up. */
  MIGRATIONS_DIR: z.string().default("drizzle"),
  /** Connections in the PostgreSQL pool of each app process (DATABASE_URL only). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Folder of the production build that `npm run serve` runs (several builds can live side by side). */
  BUILD_DIR: z.string().default("build"),
  /** Where uploads are kept: "local" (DATA_DIR/storage) or "s3" (any S3-compatible service). */
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  /** S3 endpoint URL (Supabase Storage, R2, MinIO); unset: AWS S3 for the region. */
  S3_ENDPOINT: optionalString,
  /** S3 region. */
  S3_REGION: z.string().default("us-east-1"),
  /** S3 bucket for uploads. */
  S3_BUCKET: z.string().default("content-images"),
  /** S3 access key id (server only). */
  S3_ACCESS_KEY_ID: optionalString,
  /** S3 secret access key (server only). */
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Use path-style bucket URLs (MinIO, Supabase, local test servers). */
  S3_FORCE_PATH_STYLE: flag(false).default(false),
  /** Storage quota shown on the Media Manager, in bytes (default 10 GB). */
  MEDIA_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 ** 3),
  /** Largest image accepted, in pixels (width × height), checked before decoding. */
  IMAGE_MAX_PIXELS: z.coerce.number().int().positive().default(40_000_000),
  /** Seconds an anonymous visitor's public page is kept and given to the next ones (dropped at once on any change, every process); 0 turns the page cache off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Memory the page cache may hold, in MB (the least recently used pages go first). */
  PAGE_CACHE_MAX_MB: z.coerce.number().int().positive().max(1024).default(32),
  /** Count listing views for Trending Now and the listings manager (no cookie, nothing personal stored). "0" turns it off. */
  LISTING_VIEWS: flag(true).default(true),
  /** Secret (32+ characters) that signs admin session cookies. Unset: generated once and kept in the database. */
  AUTH_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, "must be at least 32 characters"),
  /** Absolute lifetime of a staff session, in hours: after it staff sign in again, however active they were. */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /** A staff session unused for this many minutes ends (checked on the server at every request). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  /** How long an e-mailed password-reset link works, in minutes (each link works once). */
  PASSWORD_RESET_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  /** How long an invitation to join the staff works, in hours (each invitation works once). */
  STAFF_INVITE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  // [enquiries] e-mail, bot protection, rate limits, outbox.
  /** SMTP server for enquiry e-mails, e.g. smtp://user:password@smtp.example.com:587 (smtps:// for implicit TLS). Takes precedence over EmailJS. */
  SMTP_URL: optionalString,
  /** Sender of enquiry e-mails, e.g. "White Streams <concierge@example.com>". Unset: no-reply@ the SITE_URL host. */
  MAIL_FROM: optionalString,
  /** EmailJS service id; with the template id and both keys set (and no SMTP_URL), e-mails go through EmailJS's REST API. */
  EMAILJS_SERVICE_ID: optionalString,
  /** EmailJS template for the staff notification (params: to_email, from_name, from_email, phone, interest, message, submission_id, listing_url, next_step, preferred_contact, reply_to). */
  EMAILJS_TEMPLATE_ID: optionalString,
  /** Optional EmailJS template for the visitor's acknowledgement (params: to_email, reply_to, submission_id). Unset: no acknowledgement is sent through EmailJS. */
  EMAILJS_ACK_TEMPLATE_ID: optionalString,
  /** EmailJS public key (the account's user id). */
  EMAILJS_PUBLIC_KEY: optionalString,
  /** EmailJS private key (access token); needed for calls from a server. */
  EMAILJS_PRIVATE_KEY: optionalString,
  /** EmailJS send endpoint (override only for tests). */
  EMAILJS_API_URL: z.url().default("https://api.emailjs.com/api/v1.0/email/send"),
  /** Cloudflare Turnstile site key (public). With the secret key set, every enquiry must pass Turnstile. */
  TURNSTILE_SITE_KEY: optionalString,
  /** Cloudflare Turnstile secret key (server only). */
  TURNSTILE_SECRET_KEY: optionalString,
  /** Turnstile verification endpoint (override only for tests). */
  TURNSTILE_VERIFY_URL: z.url().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  /** Redis connection string; when set, rate limits are shared by every app process through Redis. */
  REDIS_URL: optionalString,
  /** Enquiries accepted per client IP within the window below (default of Settings). */
  ENQUIRY_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Length of the enquiry rate-limit window, in seconds (default 10 minutes; Settings shows it in whole minutes). */
  ENQUIRY_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** How often the e-mail outbox looks for due messages, in seconds (it is also woken after each enquiry). */
  OUTBOX_POLL_SECONDS: z.coerce.number().positive().default(5),
  /** How long a worker holds an outbox message while sending; after that another process may take it over. */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().positive().default(120),
  /** Attempts before an e-mail is marked failed for good (shown to staff, who can retry it by hand); with the backoff, 12 is about an hour. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  /** How long an enquiry waits for its notification to go out, in seconds, before the visitor is told it was received rather than sent. */
  ENQUIRY_SEND_WAIT_SECONDS: z.coerce.number().min(0).max(30).default(4),
  /** Exchange-rate provider for the BTC, ETH and XRP equivalents: CoinGecko's simple-price API, or a service answering the same JSON. */
  RATES_API_URL: z.url().default("https://api.coingecko.com/api/v3/simple/price"),
  /** CoinGecko API key (server only; sent as x-cg-demo-api-key, or x-cg-pro-api-key for pro-api.coingecko.com). Unset: the keyless public API. */
  RATES_API_KEY: optionalString,
  /** How often one app process fetches the rates for all of them, in seconds; 0 turns fetching off (no equivalents are shown). */
  RATES_REFRESH_SECONDS: z.coerce.number().int().min(0).default(600),
  /** Rates older than this, in seconds, are shown labelled "out of date" (default 1 hour). */
  RATES_STALE_SECONDS: z.coerce.number().int().positive().default(3600),
  /** How long a rates request may take before it is abandoned, in seconds (the previous rates stay). */
  RATES_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(5),
});

export type Env = Omit<z.infer<typeof EnvSchema>, "LOG_LEVEL"> & {
  LOG_LEVEL: NonNullable<z.infer<typeof EnvSchema>["LOG_LEVEL"]>;
  siteUrl: string;
  dataDir: string;
  migrationsDir: string;
  buildDir: string;
};

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid settings:\n${problems.join("\n")}`);
  }
  const env = parsed.data;
  return {
    ...env,
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "warn" : "info"),
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(env.DATA_DIR),
    migrationsDir: path.resolve(env.MIGRATIONS_DIR),
    buildDir: path.resolve(env.BUILD_DIR),
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
