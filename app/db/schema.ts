import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import type { AuditKind } from "#app/domain/audit-kinds";
import { CATEGORY_IDS } from "#app/domain/category-ids";
import { PIPELINE_STATUSES } from "#app/domain/enquiry-pipeline-status";
import type { ListingPhoto } from "#app/domain/listing-photos";
import { CURRENCIES } from "#app/domain/listing-price";
import { LISTING_STATUSES } from "#app/domain/listing-status";
import { CONTENT_TYPES, type ContentCategory } from "#app/domain/site-content";
import type { StaffRole } from "#app/domain/staff-roles";

export type Specification = { label: string; value: string };

/** The public rule's predicate (domain/listing-status.ts: reachable), shared by the partial indexes and the queries. */
export const REACHABLE_PREDICATE = sql.raw(`visible and status in ('published', 'under_offer', 'sold')`);

/**
 * One listing of the catalogue. `id` never changes (seeded listings keep their original slug as id, new ones get
 * a UUID); `slug` is the listing's part of its URL, unique per category, with earlier slugs kept in
 * listing_slugs. `position` is the category's featured order. Who sees it: domain/listing-status.ts.
 */
export const listings = pgTable(
  "listings",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    category: text("category", { enum: CATEGORY_IDS }).notNull(),
    position: integer("position").notNull(),
    status: text("status", { enum: LISTING_STATUSES }).notNull().default("draft"),
    /** Staff may hide a listing whatever its status; hidden listings appear nowhere on the site. */
    visible: boolean("visible").notNull().default(true),
    title: text("title").notNull(),
    /** An exact amount with its currency, or both null for "Price On Request" (domain/listing-price.ts). */
    priceAmount: numeric("price_amount", { precision: 16, scale: 2 }),
    priceCurrency: text("price_currency", { enum: CURRENCIES }),
    location: text("location").notNull(),
    year: integer("year"),
    /** Up to 3 highlight chips shown on the card. */
    specs: jsonb("specs").$type<string[]>().notNull().default([]),
    /** In order; the first is the cover. */
    photos: jsonb("photos").$type<ListingPhoto[]>().notNull().default([]),
    description: text("description").notNull().default(""),
    specifications: jsonb("specifications").$type<Specification[]>().notNull().default([]),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    /** Sample content staff should complete before launch. */
    isSample: boolean("is_sample").notNull().default(false),
    /** When staff last confirmed the facts with the seller. */
    lastVerifiedOn: date("last_verified_on", { mode: "string" }),
    /** Place among the home carousel's listing slides (null: not on the carousel). */
    homeSlidePosition: integer("home_slide_position"),
    /** Place among the staff picks that fill Trending Now when there are too few views (null: not a pick). */
    staffPickPosition: integer("staff_pick_position"),
    /** Raised by every save from the editor: a save carrying an older number is refused (no silent overwrite). */
    version: integer("version").notNull().default(1),
    // Derived on write from the fields above so filters, search and sort run in SQL with indexes.
    locationKey: text("location_key").notNull().default(""),
    bedrooms: integer("bedrooms"),
    propertyType: text("property_type"),
    sortYear: integer("sort_year"),
    searchText: text("search_text").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("listings_category_slug_idx").on(table.category, table.slug),
    // The public rule's SQL (models/listings-visibility.server.ts) repeats this predicate word for word, so
    // the planner can use these partial indexes for every public query. The trailing status lets a list that
    // leaves sold listings out be paged and counted from the index alone (an index-only scan), so page 400 steps
    // over index entries instead of reading 9,576 rows (models/listings.server.ts, findListings).
    index("listings_public_position_idx").on(table.category, table.position, table.id, table.status).where(REACHABLE_PREDICATE),
    // Serves the "Newest" order (sort_year desc nulls last, position, id) straight from the index, so a
    // page of it never sorts the whole category, and the year filter's ranges on sort_year.
    index("listings_public_newest_idx")
      .on(table.category, table.sortYear.desc().nullsLast(), table.position, table.id, table.status)
      .where(REACHABLE_PREDICATE),
    index("listings_public_location_idx").on(table.category, table.locationKey).where(REACHABLE_PREDICATE),
    // The nearest prices to a listing's, in each currency (models/listings-similar.server.ts): small ordered scans
    // instead of measuring every listing of the category. The trailing columns let the price orders read a category
    // from the index alone (an index-only scan; a third of the time on 100,000 listings), though they still sort it.
    index("listings_public_price_idx")
      .on(table.category, table.priceCurrency, table.priceAmount, table.position, table.id, table.status)
      .where(REACHABLE_PREDICATE),
    // The order page's featured order (every status but archived), a page at a time.
    index("listings_category_position_idx").on(table.category, table.position, table.id),
    index("listings_admin_updated_idx").on(table.updatedAt.desc()),
    check("listings_status_check", sql`${table.status} in ('draft', 'published', 'under_offer', 'sold', 'archived')`),
    check(
      "listings_price_check",
      sql`(${table.priceAmount} is null and ${table.priceCurrency} is null) or (${table.priceAmount} > 0 and ${table.priceCurrency} in ('USD', 'EUR', 'GBP', 'AED', 'INR'))`,
    ),
  ],
);

/** Every slug a listing has had in a category (its current one included): old URLs answer with a 301. */
export const listingSlugs = pgTable(
  "listing_slugs",
  {
    category: text("category", { enum: CATEGORY_IDS }).notNull(),
    slug: text("slug").notNull(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.category, table.slug] }), index("listing_slugs_listing_idx").on(table.listingId)],
);

/** Distinct visitors per listing per day (no cookie, nothing personal: see models/listings-views.server.ts). */
export const listingViewDays = pgTable(
  "listing_view_days",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.day] }), index("listing_view_days_day_idx").on(table.day, table.listingId)],
);

/**
 * Today's (and yesterday's) visitor fingerprints: a salted hash of address, browser and listing, only to count
 * each visitor once a day. The salt is random per day and deleted with the rows after a day, so no hash can be
 * traced back to anyone.
 */
export const listingViewVisitors = pgTable(
  "listing_view_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.visitor] })],
);

export const viewSalts = pgTable("view_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/** What `npm run images:import` copied (or failed to copy), by source address: it makes the import resumable. */
export const imageImports = pgTable("image_imports", {
  sourceUrl: text("source_url").primaryKey(),
  status: text("status", { enum: ["imported", "failed"] }).notNull(),
  /** The largest WebP: the plain address pages fall back to. */
  primaryKey: text("primary_key"),
  width: integer("width"),
  height: integer("height"),
  placeholder: text("placeholder"),
  variants: jsonb("variants").$type<StoredVariant[]>().notNull().default([]),
  bytes: integer("bytes"),
  error: text("error"),
  attempts: integer("attempts").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const contentBlocks = pgTable(
  "content_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    type: text("type", { enum: CONTENT_TYPES }).notNull(),
    content: text("content").notNull().default(""),
    metadata: jsonb("metadata").$type<ContentBlockMetadata>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("content_blocks_key_idx").on(table.key), index("content_blocks_created_at_idx").on(table.createdAt)],
);

/** One stored rendition of an uploaded image (AVIF or WebP at one width). */
export type StoredVariant = { key: string; format: "avif" | "webp"; width: number; height: number; bytes: number };

export type MediaItemMetadata = {
  folder?: string;
  width?: number;
  height?: number;
  /** Tiny blurred data URL shown while the image loads. */
  placeholder?: string;
  variants?: StoredVariant[];
  /** Type and size of the file as uploaded, before re-encoding. */
  originalType?: string;
  originalBytes?: number;
};

export type ContentBlockMetadata = {
  category?: ContentCategory;
  originalName?: string;
  size?: number;
  type?: string;
  /** Image blocks: size, placeholder and stored renditions of the uploaded picture. */
  width?: number;
  height?: number;
  placeholder?: string;
  variants?: StoredVariant[];
};

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: text("submission_id").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull(),
    phone: text("phone").notNull().default("Not provided"),
    interest: text("interest").notNull(),
    message: text("message").notNull(),
    /** The listing an enquiry was sent from, when any. */
    listingPath: text("listing_path"),
    /** Detail enquiries: the next step asked for (domain/enquiry-intents.ts), the preferred contact method and time. */
    intent: text("intent"),
    contactMethod: text("contact_method"),
    contactTime: text("contact_time"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: ["pending", "processed", "error"] })
      .notNull()
      .default("pending"),
    emailSent: boolean("email_sent").notNull().default(false),
    confirmationSent: boolean("confirmation_sent").notNull().default(false),
    /** When staff first opened it in the admin area (drives the notification bell). */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /** Where the lead stands in the sales pipeline (domain/enquiry-pipeline-status.ts); `status` above is e-mail delivery. */
    pipelineStatus: text("pipeline_status", { enum: PIPELINE_STATUSES }).notNull().default("new"),
    /** The member of staff working the lead. */
    assigneeId: text("assignee_id").references(() => authUser.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("contact_submissions_submission_id_idx").on(table.submissionId),
    index("contact_submissions_pipeline_idx").on(table.pipelineStatus, table.createdAt.desc()),
    index("contact_submissions_assignee_idx").on(table.assigneeId, table.createdAt.desc()),
    index("contact_submissions_email_idx").on(table.email),
    // Addresses are matched without case (the inbox's "other enquiries from this address", export and erasure).
    index("contact_submissions_email_lower_idx").on(sql`lower(${table.email})`),
    index("contact_submissions_created_at_idx").on(table.createdAt),
    index("contact_submissions_unopened_idx")
      .on(table.createdAt)
      .where(sql`opened_at is null`),
  ],
);

export const mediaItems = pgTable(
  "media_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    type: text("type", { enum: ["image", "video", "audio"] }).notNull(),
    /** Key of the original in storage; variants live beside it. */
    storageKey: text("storage_key").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    position: integer("position").notNull().default(0),
    metadata: jsonb("metadata").$type<MediaItemMetadata>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("media_items_position_idx").on(table.position)],
);

export type ListingRow = typeof listings.$inferSelect;
export type ImageImportRow = typeof imageImports.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;
export type ContentBlockRow = typeof contentBlocks.$inferSelect;
export type ContactSubmissionRow = typeof contactSubmissions.$inferSelect;
export type MediaItemRow = typeof mediaItems.$inferSelect;

/**
 * Outbox of e-mails: one row per message, retried with backoff until sent. An enquiry's own messages are
 * written in the same transaction as the enquiry, so nothing accepted is lost; other messages (password
 * resets, invitations, replies) name their recipient and carry what their composer needs in `payload`.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The enquiry a message belongs to, when any (deleting the enquiry deletes its messages). */
    submissionId: text("submission_id").references(() => contactSubmissions.submissionId, { onDelete: "cascade" }),
    /** Which composer writes the message (services/mail/mail-kinds.server.ts). */
    kind: text("kind").notNull(),
    /** Recipient of a message that is not addressed by its enquiry. */
    recipient: text("recipient"),
    /** What the composer needs besides the enquiry (never shown to anyone but the recipient). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds a row until then; another process may take it over after. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Retries ended (too many attempts, or a permanent refusal such as an SMTP 5xx); `last_error` says why. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An enquiry has one notification and one acknowledgement; other kinds (replies) may repeat.
    uniqueIndex("email_outbox_submission_kind_idx")
      .on(table.submissionId, table.kind)
      .where(sql`kind in ('staff-notification', 'visitor-acknowledgement')`),
    index("email_outbox_submission_idx").on(table.submissionId),
    index("email_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`sent_at is null and failed_at is null`),
  ],
);

/**
 * Who did what and when in the admin area: one row per change, written in the same transaction as the
 * change itself. `changes` holds the before and after of each changed field (never secrets or erased data).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's user id; null for the system (scheduled jobs, seeding). */
    actorId: text("actor_id"),
    /** The actor's name and e-mail at the time, kept even if the account is later removed. */
    actorLabel: text("actor_label").notNull().default("System"),
    kind: text("kind").$type<AuditKind>().notNull(),
    action: text("action").notNull(),
    subjectId: text("subject_id"),
    subjectLabel: text("subject_label").notNull().default(""),
    changes: jsonb("changes").$type<AuditChanges>().notNull().default({}),
  },
  (table) => [
    index("audit_events_at_idx").on(table.at.desc()),
    index("audit_events_actor_idx").on(table.actorId, table.at.desc()),
    index("audit_events_kind_idx").on(table.kind, table.at.desc()),
  ],
);

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;
export type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * US dollars per one unit of each currency the site shows (domain/price-conversion.ts), shared by every app
 * process. The rates worker replaces the rows from the provider; `fetched_at` null marks a reference rate
 * (fiat only, from the migration) that orders prices before the first fetch but is never shown as a rate
 * (docs/decisions/0024-crypto-rates.md).
 */
export const exchangeRates = pgTable("exchange_rates", {
  currency: text("currency").primaryKey(),
  usdPerUnit: numeric("usd_per_unit", { precision: 30, scale: 12 }).notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }),
  source: text("source").notNull(),
});

/** Small key/value store for operator settings and one-time tokens (e.g. the first-run set-up link). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// better-auth tables (its schema CLI crashes on Node 20, so they are written here by hand).
export const authUser = pgTable("auth_user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  /** Ours, not better-auth's: set by a successful staff sign-in (auth-sign-in.server.ts), shown on /edit/users. */
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
});

export const authSession = pgTable(
  "auth_session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (table) => [index("auth_session_user_idx").on(table.userId)],
);

export const authAccount = pgTable(
  "auth_account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("auth_account_user_idx").on(table.userId)],
);

export const authVerification = pgTable("auth_verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * better-auth's two-factor plugin (docs/decisions/0020-two-factor-sign-in.md): the TOTP secret and the recovery codes,
 * both encrypted with the auth secret. `verified` stays false until the member has entered one code from their app;
 * the failure count and lock are the plugin's own limit on wrong codes for the account.
 */
export const authTwoFactor = pgTable(
  "auth_two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The last code from the app that signed this account in (a digest) and when: a code works once (sign-in-codes.server.ts). */
    lastSignInCodeDigest: text("last_sign_in_code_digest"),
    lastSignInCodeAt: timestamp("last_sign_in_code_at", { withTimezone: true }),
  },
  (table) => [index("auth_two_factor_user_idx").on(table.userId)],
);

/** Counters for better-auth's database-backed rate limiter (shared by every app process). */
export const authRateLimit = pgTable("auth_rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;

/** Internal notes staff keep on an enquiry (calls, meetings); never sent to anyone. */
export const enquiryNotes = pgTable(
  "enquiry_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: text("submission_id")
      .notNull()
      .references(() => contactSubmissions.submissionId, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => authUser.id, { onDelete: "set null" }),
    /** The author's name at the time, kept if the account is later removed. */
    authorLabel: text("author_label").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("enquiry_notes_submission_idx").on(table.submissionId, table.createdAt)],
);
export type EnquiryNoteRow = typeof enquiryNotes.$inferSelect;

/**
 * An Owner's invitation to join the staff (/edit/users): the e-mailed link carries a random token of which only the
 * SHA-256 hash is kept here. It works once (accepted_at) until expires_at, unless withdrawn (revoked_at) or replaced
 * by a newer invitation to the same address; at most one invitation per address is open at a time.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-case, as accounts store it. */
    email: text("email").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedById: text("invited_by_id").references(() => authUser.id, { onDelete: "set null" }),
    /** The inviter's name at the time, for the e-mail and the list, kept if that account is later removed. */
    invitedByLabel: text("invited_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: text("accepted_user_id").references(() => authUser.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("staff_invitations_open_email_idx")
      .on(table.email)
      .where(sql`accepted_at is null and revoked_at is null`),
    check("staff_invitations_role_check", sql`role in ('owner', 'editor', 'sales')`),
  ],
);
export type StaffInvitationRow = typeof staffInvitations.$inferSelect;
