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

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Public origin of the site, used for canonical URLs, Open Graph tags and links in e-mails. */
  SITE_URL: optionalString,
  DATA_DIR: z.string().default("./data"),
  /** A PostgreSQL connection string. Unset: the embedded PGlite database in DATA_DIR/db. */
  DATABASE_URL: optionalString,
  SITE_NAME: z.string().default("White Streams"),
  COMPANY_NAME: z.string().default("White Streams"),
  COMPANY_COUNTRY: z.string().default("India"),
  CONTACT_EMAIL: z.string().email().default("ceo.whitestreams@gmail.com"),
  /** Internal mailbox that receives enquiry notifications. */
  ENQUIRY_MAILBOX: z.string().email().default("ceo.whitestreams@gmail.com"),
  /** Extra image origins allowed by the Content-Security-Policy (space separated). */
  IMAGE_ORIGINS: z.string().default("https://image931.wordpress.com"),
  /** Set when the app runs behind a proxy (load balancer, CDN) so client IPs and HTTPS are read correctly. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => value === "1" || value === "true"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Seed the catalogue on start when a listing is missing (idempotent). */
  SEED_ON_START: z
    .string()
    .optional()
    .transform((value) => value !== "0" && value !== "false"),
});

export type Env = z.infer<typeof EnvSchema> & { siteUrl: string; dataDir: string };

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid settings:\n${problems.join("\n")}`);
  }
  const env = parsed.data;
  return {
    ...env,
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(env.DATA_DIR),
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
