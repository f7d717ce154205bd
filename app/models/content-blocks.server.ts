import { and, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type sanitizeHtml from "sanitize-html";
import type { Database, Transaction } from "#app/db/client.server";
import { auditEvents, contentBlocks, type ContentBlockMetadata, type ContentBlockRow } from "#app/db/schema";
import { announceChange, type ChangeBus } from "#app/db/change-bus.server";
import {
  CONTENT_DEFAULTS,
  contentDefaultOf,
  isContentCategory,
  placementsOf,
  type ContentCategory,
  type ContentKey,
  type ContentType,
  type ContentValues,
} from "#app/domain/site-content";
import type { AdminContentBlock } from "#app/domain/admin-content";
import { CONTENT_KEY_MESSAGE, CONTENT_KEY_PATTERN, IMAGE_ADDRESS_MESSAGE, isImageAddress } from "#app/domain/content-block-forms";
import { changedFields, recordAudit, type AuditActor } from "./audit.server";

/** Public reads are cached this long per key (spec point 9); an update anywhere drops the entry at once. */
export const CONTENT_CACHE_TTL_MS = 5 * 60 * 1000;
export const ADMIN_PAGE_SIZE = 20;

export class ContentBlockError extends Error {}

/** A save made from an older copy of the block (another tab or person saved since): refused, with the block as stored now. */
export class ContentBlockConflictError extends Error {
  constructor(readonly current: { row: ContentBlockRow; by: string | null }) {
    super("This block was changed while you were editing it.");
    this.name = "ContentBlockConflictError";
  }
}

// ---------------------------------------------------------------------------------------------------
// Cache: one per app process, handed to loaders through the router context (tests make their own).

type CacheEntry = { row: ContentBlockRow; expiresAt: number };

export type ContentCache = {
  get(key: string): ContentBlockRow | undefined;
  remember(row: ContentBlockRow): void;
  /** Drops one key, or everything (`"*"`, after a lost NOTIFY connection). */
  invalidate(key: string): void;
};

/** The cache, kept current by the change bus: a block changed by any process is dropped here at once. */
export function createContentCache(changes?: ChangeBus): ContentCache & { dispose(): void } {
  const entries = new Map<string, CacheEntry>();
  const cache = {
    get(key: string) {
      const entry = entries.get(key);
      return entry && entry.expiresAt > Date.now() ? entry.row : undefined;
    },
    remember(row: ContentBlockRow) {
      entries.set(row.key, { row, expiresAt: Date.now() + CONTENT_CACHE_TTL_MS });
    },
    invalidate(key: string) {
      if (key === "*") entries.clear();
      else entries.delete(key);
    },
  };
  const unsubscribe = changes?.subscribe("content", (key) => cache.invalidate(key));
  return { ...cache, dispose: () => unsubscribe?.() };
}

/** What the content functions need: the database and this process's cache. */
export type ContentStore = { db: Database; contentCache: ContentCache };

// ---------------------------------------------------------------------------------------------------
// HTML: sanitised when saved and again when rendered, so a row written any other way is still safe.

/** The policy, made once sanitize-html is loaded (its `defaults` and `simpleTransform` come with it). */
function htmlPolicy(sanitize: typeof sanitizeHtml): sanitizeHtml.IOptions {
  return {
    allowedTags: [...sanitize.defaults.allowedTags, "img", "figure", "figcaption"],
    allowedAttributes: { a: ["href", "title", "rel", "target"], img: ["src", "alt", "width", "height", "loading"], "*": ["class"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesAppliedToAttributes: ["href", "src"],
    transformTags: {
      a: sanitize.simpleTransform("a", { rel: "noopener noreferrer" }),
      // An image without a description is decorative to screen readers, not an unnamed graphic.
      img: (tagName, attribs) => ({ tagName, attribs: { alt: "", ...attribs } }),
    },
  };
}

/**
 * sanitize-html, with its HTML parser and postcss (some 80 modules, a tenth of what the server loads), is loaded when
 * the first html block is saved, read or previewed, not at start-up: the site's own blocks are text and images.
 */
let htmlSanitizer: Promise<(html: string) => string> | undefined;

export function sanitizeContentHtml(html: string): Promise<string> {
  htmlSanitizer ??= import("sanitize-html").then(({ default: sanitize }) => {
    const policy = htmlPolicy(sanitize);
    return (dirty: string) => sanitize(dirty, policy);
  });
  return htmlSanitizer.then((sanitize) => sanitize(html));
}

/** The text a public page shows for a block: html is sanitised on the way out too. */
export async function renderableContent(row: Pick<ContentBlockRow, "type" | "content">): Promise<string> {
  return row.type === "html" ? sanitizeContentHtml(row.content) : row.content;
}

// ---------------------------------------------------------------------------------------------------
// Public reads

/**
 * Reads the given blocks for a public page, from the cache when fresh. A block that has no stored content
 * gets its default saved on first load (spec point 4), so staff always find every block in the Content Manager.
 */
export async function readContent<K extends ContentKey>({ db, contentCache }: ContentStore, keys: readonly K[]): Promise<ContentValues<K>> {
  const rows = new Map<string, ContentBlockRow>();
  for (const key of keys) {
    const row = contentCache.get(key);
    if (row) rows.set(key, row);
  }
  const toLoad = keys.filter((key) => !rows.has(key));
  if (toLoad.length > 0) {
    const loaded = await db.select().from(contentBlocks).where(inArray(contentBlocks.key, toLoad));
    for (const row of loaded) if (row.content) rows.set(row.key, row);
    const missing = toLoad.filter((key) => !rows.has(key));
    if (missing.length > 0) {
      const saved = await db
        .insert(contentBlocks)
        .values(
          missing.map((key) => ({
            key,
            type: CONTENT_DEFAULTS[key].type,
            content: CONTENT_DEFAULTS[key].content,
            metadata: { category: CONTENT_DEFAULTS[key].category },
          })),
        )
        .onConflictDoUpdate({
          target: contentBlocks.key,
          set: { content: sql`excluded.content`, updatedAt: new Date() },
          setWhere: sql`${contentBlocks.content} = ''`,
        })
        .returning();
      for (const row of saved) rows.set(row.key, row);
      // A concurrent writer may have won the race: read what is stored rather than assume.
      const stillMissing = missing.filter((key) => !rows.has(key));
      if (stillMissing.length > 0)
        for (const row of await db.select().from(contentBlocks).where(inArray(contentBlocks.key, stillMissing))) rows.set(row.key, row);
    }
    for (const key of toLoad) {
      const row = rows.get(key);
      if (row) contentCache.remember(row);
    }
  }
  const values = {} as ContentValues<K>;
  for (const key of keys) {
    const row = rows.get(key);
    values[key] = row?.content ? await renderableContent(row) : CONTENT_DEFAULTS[key].content;
  }
  return values;
}

/** One block by key (spec "Read content block"), cached like the public reads; null when absent. */
export async function readContentBlock({ db, contentCache }: ContentStore, key: string): Promise<ContentBlockRow | null> {
  const cached = contentCache.get(key);
  if (cached) return cached;
  const [row] = await db.select().from(contentBlocks).where(eq(contentBlocks.key, key));
  if (row) contentCache.remember(row);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Writes (admin, and the media helper's image upload)

async function checkContent(type: ContentType, content: string): Promise<string> {
  if (type === "html") return sanitizeContentHtml(content);
  if (type === "image" && !isImageAddress(content)) throw new ContentBlockError(IMAGE_ADDRESS_MESSAGE);
  return content;
}

/**
 * Updates content (and merges metadata) of the block with this key; null when there is no such block.
 * A block of the site's own emptied by staff gets its default back (spec point 4: a block never stays
 * without content when a default exists). Drops the cached copy here and, through NOTIFY, in every process.
 * `expectedUpdatedAt` is the "last updated" the editor was opened at (or, after a conflict, the one the staff
 * member chose to replace): a block saved since is not overwritten (ContentBlockConflictError). Image uploads
 * send none: a new picture replaces the old one whatever it was.
 */
export async function updateContentBlock(
  { db, contentCache }: ContentStore,
  key: string,
  changes: { content: string; metadata?: ContentBlockMetadata; expectedUpdatedAt?: Date },
  actor: AuditActor,
): Promise<ContentBlockRow | null> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(contentBlocks).where(eq(contentBlocks.key, key)).for("update");
    if (!current) return null;
    // Compared in whole milliseconds: what a JavaScript Date (and so the editor) carries of the stored time.
    if (changes.expectedUpdatedAt && current.updatedAt.getTime() !== changes.expectedUpdatedAt.getTime()) {
      throw new ContentBlockConflictError({ row: current, by: await lastContentEditor(tx, current.id) });
    }
    const content = await checkContent(current.type, changes.content.trim() === "" ? (contentDefaultOf(key) ?? "") : changes.content);
    const [updated] = await tx
      .update(contentBlocks)
      .set({
        content,
        updatedAt: new Date(),
        ...(changes.metadata ? { metadata: sql`${contentBlocks.metadata} || ${JSON.stringify(changes.metadata)}::jsonb` } : {}),
      })
      .where(eq(contentBlocks.key, key))
      .returning();
    await recordAudit(tx, {
      actor,
      kind: "content",
      action: current.type === "image" && changes.metadata ? "image replaced" : "updated",
      subjectId: current.id,
      subjectLabel: key,
      changes: changedFields({ content: auditText(current.content) }, { content: auditText(content) }, ["content"]),
    });
    await announceChange(tx, "content", key);
    return updated ?? null;
  });
  contentCache.invalidate(key);
  return row;
}

/** Who last changed the block, for the conflict message. */
async function lastContentEditor(tx: Transaction, id: string): Promise<string | null> {
  const [event] = await tx
    .select({ actor: auditEvents.actorLabel })
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, "content"), eq(auditEvents.subjectId, id)))
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return event?.actor ?? null;
}

/** Long texts are kept in the audit trail up to a few thousand characters, enough to see what changed. */
function auditText(text: string): string {
  return text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
}

/** Inserts a block and caches it (spec point 4). A taken key is a ContentBlockError, not a crash. */
export async function createContentBlock(
  { db, contentCache }: ContentStore,
  input: { key: string; type: ContentType; category: ContentCategory; content?: string; metadata?: ContentBlockMetadata },
  actor: AuditActor,
): Promise<ContentBlockRow> {
  if (!CONTENT_KEY_PATTERN.test(input.key)) throw new ContentBlockError(CONTENT_KEY_MESSAGE);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(contentBlocks)
      .values({
        key: input.key,
        type: input.type,
        content: await checkContent(input.type, input.content ?? ""),
        metadata: { ...input.metadata, category: input.category },
      })
      .onConflictDoNothing({ target: contentBlocks.key })
      .returning();
    if (!inserted) return null;
    await recordAudit(tx, {
      actor,
      kind: "content",
      action: "created",
      subjectId: inserted.id,
      subjectLabel: inserted.key,
      changes: changedFields(null, { type: inserted.type, category: input.category, content: auditText(inserted.content) }, [
        "type",
        "category",
        "content",
      ]),
    });
    await announceChange(tx, "content", inserted.key);
    return inserted;
  });
  if (!row) throw new ContentBlockError(`A content block with the key "${input.key}" already exists.`);
  contentCache.remember(row);
  return row;
}

export type ContentListQuery = { search?: string; category?: ContentCategory | ""; offset?: number; limit?: number };

/** Newest first by created_at (spec point 7); search matches the key case-insensitively, category the metadata. */
export async function listContentBlocks(db: Database, query: ContentListQuery = {}): Promise<ContentBlockRow[]> {
  const conditions: SQL[] = [];
  const search = query.search?.trim();
  if (search) conditions.push(ilike(contentBlocks.key, `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`));
  if (query.category) conditions.push(sql`${contentBlocks.metadata} ->> 'category' = ${query.category}`);
  return db
    .select()
    .from(contentBlocks)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(contentBlocks.createdAt), desc(contentBlocks.id))
    .limit(Math.min(Math.max(query.limit ?? ADMIN_PAGE_SIZE, 1), 500))
    .offset(Math.max(query.offset ?? 0, 0));
}

/**
 * The editor's first load (spec point 4): blocks shown with no stored content get their default saved,
 * as the public pages do, so staff see and edit what visitors see. Returns the rows as now stored.
 */
export async function saveMissingDefaults({ db, contentCache }: ContentStore, rows: ContentBlockRow[]): Promise<ContentBlockRow[]> {
  return Promise.all(
    rows.map(async (row) => {
      const fallback = row.content === "" ? contentDefaultOf(row.key) : null;
      if (fallback === null) return row;
      const [saved] = await db
        .update(contentBlocks)
        .set({ content: fallback, updatedAt: new Date() })
        .where(and(eq(contentBlocks.key, row.key), eq(contentBlocks.content, "")))
        .returning();
      if (!saved) return row;
      contentCache.invalidate(row.key);
      await announceChange(db, "content", row.key);
      return saved;
    }),
  );
}

/** The shape the Content Manager shows: html carries a sanitised preview rendered here on the server. */
export async function toAdminContentBlock(row: ContentBlockRow): Promise<AdminContentBlock> {
  return {
    id: row.id,
    key: row.key,
    type: row.type,
    content: row.content,
    previewHtml: row.type === "html" ? await sanitizeContentHtml(row.content) : null,
    category: row.metadata.category ?? null,
    updatedAt: row.updatedAt,
    placements: placementsOf(row.key),
    hasDefault: contentDefaultOf(row.key) !== null,
  };
}

/** The Content Manager's list query from a URL: ?q= (key search), ?category=, ?offset= and ?pages= (no-JS Load More). */
export function parseContentListQuery(params: URLSearchParams) {
  const category = params.get("category") ?? "";
  return {
    search: (params.get("q") ?? "").slice(0, 100),
    category: isContentCategory(category) ? category : ("" as const),
    offset: Math.max(0, Number.parseInt(params.get("offset") ?? "0", 10) || 0),
    pages: Math.min(25, Math.max(1, Number.parseInt(params.get("pages") ?? "1", 10) || 1)),
  };
}
