import { createHash, randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import pLimit from "p-limit";
import type { Database } from "#app/db/client.server";
import { announceChange } from "#app/db/change-bus.server";
import { contentBlocks, imageImports, listings, type ImageImportRow, type StoredVariant } from "#app/db/schema";
import { mediaUrl } from "#app/domain/image-sources";
import type { ListingPhoto } from "#app/domain/listing-photos";
import { CONTENT_DEFAULTS, IMAGE_CONTENT_KEYS } from "#app/domain/site-content";
import { recordAudit } from "#app/models/audit.server";
import type { ContentCache } from "#app/models/content-blocks.server";
import type { Storage } from "./storage/storage.server";
import type { IncomingMessage } from "node:http";
import { getFromPublicWeb, PrivateAddressError } from "./public-web-fetch.server";
import { storeUpload } from "./upload-store.server";
import { detectType } from "./upload.server";

/**
 * `npm run images:import`: copies every remote picture the catalogue and the content blocks still hot-link into
 * our own storage, through the upload pipeline (type from the bytes, pixel cap, metadata stripped, AVIF/WebP
 * variants, blurred placeholder), then points every reference at our copy.
 *
 * - Once per address: image_imports records each source URL's copy, so a re-run downloads nothing twice
 *   (idempotent) and an interrupted run picks up where it stopped (resumable).
 * - One failure never stops the others; failures are recorded and reported at the end.
 * - Downloads run a few at a time, each with a time limit; non-image answers and oversized files are refused.
 */
export type ImportOptions = {
  concurrency: number;
  timeoutMs: number;
  maxBytes: number;
  maxPixels: number;
  /** Also copy from this machine and private networks (`--allow-private-networks`); otherwise only public addresses. */
  allowPrivateNetworks?: boolean;
  /** Called as each address is settled (progress bars, log lines). */
  onProgress?: (event: ImportProgress) => void;
};

export type ImportProgress =
  | { kind: "start"; total: number }
  | { kind: "settled"; url: string; outcome: "imported" | "already imported" | "failed"; error?: string; done: number; total: number };

export type ImportReport = {
  addresses: number;
  imported: number;
  alreadyImported: number;
  failed: { url: string; error: string }[];
  listingsUpdated: number;
  blocksUpdated: number;
};

type Deps = { db: Database; storage: Storage; contentCache?: Pick<ContentCache, "invalidate"> };

export class ImportRefusedError extends Error {}

const isRemote = (src: string) => /^https?:\/\//i.test(src);
const HTML_IMAGE_SOURCE = /<img\b[^>]*?\bsrc\s*=\s*["'](https?:\/\/[^"']+)["']/gi;

/** Image blocks that exist in code with a remote default but were never loaded by a page yet get their row now. */
export async function ensureImageBlocks(db: Database) {
  await db
    .insert(contentBlocks)
    .values(
      IMAGE_CONTENT_KEYS.map((key) => ({
        key,
        type: "image" as const,
        content: CONTENT_DEFAULTS[key].content,
        metadata: { category: CONTENT_DEFAULTS[key].category },
      })),
    )
    .onConflictDoUpdate({ target: contentBlocks.key, set: { content: sql`excluded.content` }, setWhere: sql`${contentBlocks.content} = ''` });
}

/** Every remote address referenced by a listing's photos, an image block or an html block's <img>. */
export async function remoteImageAddresses(db: Database): Promise<string[]> {
  const found = new Set<string>();
  for (const row of await db.select({ photos: listings.photos }).from(listings)) {
    for (const photo of row.photos) if (isRemote(photo.src)) found.add(photo.src);
  }
  for (const block of await db.select({ type: contentBlocks.type, content: contentBlocks.content }).from(contentBlocks)) {
    if (block.type === "image" && isRemote(block.content.trim())) found.add(block.content.trim());
    if (block.type === "html") for (const match of block.content.matchAll(HTML_IMAGE_SOURCE)) found.add(match[1]!);
  }
  return [...found].sort();
}

/** Downloads one picture within the limits: an HTTP error, a non-image answer, a file too large or too slow is refused. */
export async function downloadImage(url: string, options: Pick<ImportOptions, "timeoutMs" | "maxBytes" | "allowPrivateNetworks">): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: IncomingMessage;
  try {
    response = await getFromPublicWeb(url, {
      signal,
      allowPrivateNetworks: options.allowPrivateNetworks,
      headers: { accept: "image/avif,image/webp,image/png,image/jpeg,image/*" },
    });
  } catch (error) {
    if (error instanceof PrivateAddressError) throw new ImportRefusedError(`${error.message}; only public web addresses are copied`);
    throw new ImportRefusedError(signal.aborted ? `no answer within ${options.timeoutMs / 1000} s` : `could not connect (${describe(error)})`);
  }
  const refuse = (reason: string) => {
    response.destroy();
    return new ImportRefusedError(reason);
  };
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) throw refuse(`the server answered HTTP ${status}`);
  const type = response.headers["content-type"] ?? "";
  if (!/^image\//i.test(type)) throw refuse(`not an image (Content-Type: ${type || "none"})`);
  const declared = Number(response.headers["content-length"] ?? Number.NaN);
  if (declared > options.maxBytes) throw refuse(`too large (${declared} bytes; the limit is ${options.maxBytes})`);
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of response) {
      received += (chunk as Buffer).byteLength;
      if (received > options.maxBytes) throw refuse(`too large (more than ${options.maxBytes} bytes)`);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof ImportRefusedError) throw error;
    throw new ImportRefusedError(
      signal.aborted ? `no complete answer within ${options.timeoutMs / 1000} s` : `the download broke off (${describe(error)})`,
    );
  }
  if (!response.complete) throw new ImportRefusedError("the download broke off (the connection closed early)");
  return Buffer.concat(chunks);
}

function describe(error: unknown): string {
  const own = error as { code?: string; cause?: { code?: string; message?: string } };
  return own.code ?? own.cause?.code ?? own.cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** Downloads and stores one address; records the outcome either way. */
async function importOne(deps: Deps, url: string, options: ImportOptions): Promise<ImageImportRow> {
  try {
    const data = await downloadImage(url, options);
    const type = await detectType(data);
    if (!type || type.kind !== "image") throw new ImportRefusedError("the bytes are not a JPEG, PNG, GIF, WebP or AVIF picture");
    // A fresh prefix per attempt: an interrupted earlier attempt may have left files behind, and keys are never reused.
    const prefix = `imports/${createHash("sha256").update(url).digest("hex").slice(0, 16)}-${randomBytes(4).toString("hex")}`;
    const stored = await storeUpload(
      deps.storage,
      prefix,
      { data, type, displayName: url.split("/").pop() ?? "image" },
      { maxPixels: options.maxPixels },
    );
    const values = {
      sourceUrl: url,
      status: "imported" as const,
      primaryKey: stored.primaryKey,
      width: stored.width ?? null,
      height: stored.height ?? null,
      placeholder: stored.placeholder ?? null,
      variants: stored.variants,
      bytes: stored.bytes,
      error: null,
      updatedAt: new Date(),
    };
    const [row] = await deps.db
      .insert(imageImports)
      .values({ ...values, attempts: 1 })
      .onConflictDoUpdate({ target: imageImports.sourceUrl, set: { ...values, attempts: sql`${imageImports.attempts} + 1` } })
      .returning();
    return row!;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const [row] = await deps.db
      .insert(imageImports)
      .values({ sourceUrl: url, status: "failed", error: message, attempts: 1 })
      .onConflictDoUpdate({
        target: imageImports.sourceUrl,
        set: { status: "failed", error: message, attempts: sql`${imageImports.attempts} + 1`, updatedAt: new Date() },
      })
      .returning();
    return row!;
  }
}

type Copy = { src: string; width?: number; height?: number; placeholder?: string; variants: StoredVariant[]; sourceUrl: string };

function copyOf(row: ImageImportRow): Copy {
  return {
    src: mediaUrl(row.primaryKey!),
    width: row.width ?? undefined,
    height: row.height ?? undefined,
    placeholder: row.placeholder ?? undefined,
    variants: row.variants,
    sourceUrl: row.sourceUrl,
  };
}

/** Points every listing photo and content block that names an imported address at our copy. */
async function rewriteReferences(deps: Deps, copies: Map<string, Copy>): Promise<{ listingsUpdated: number; blocksUpdated: number }> {
  let listingsUpdated = 0;
  let blocksUpdated = 0;
  const candidates = await deps.db.select({ id: listings.id, photos: listings.photos }).from(listings);
  for (const candidate of candidates) {
    if (!candidate.photos.some((photo) => copies.has(photo.src))) continue;
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(listings).where(eq(listings.id, candidate.id)).for("update");
      if (!row) return;
      const photos: ListingPhoto[] = row.photos.map((photo) => {
        const copy = copies.get(photo.src);
        return copy ? { id: photo.id, alt: photo.alt, ...copy } : photo;
      });
      const count = row.photos.filter((photo) => copies.has(photo.src)).length;
      if (count === 0) return;
      await tx.update(listings).set({ photos, updatedAt: new Date() }).where(eq(listings.id, row.id));
      await recordAudit(tx, {
        actor: "system",
        kind: "listing",
        action: "photos imported",
        subjectId: row.id,
        subjectLabel: row.title,
        changes: { importedPhotos: { before: 0, after: count } },
      });
      await announceChange(tx, "listings", row.id);
      listingsUpdated += 1;
    });
  }
  const blocks = await deps.db
    .select()
    .from(contentBlocks)
    .where(inArray(contentBlocks.type, ["image", "html"]));
  for (const block of blocks) {
    let content = block.content;
    let metadata = block.metadata;
    if (block.type === "image") {
      const copy = copies.get(block.content.trim());
      if (!copy) continue;
      content = copy.src;
      metadata = { ...metadata, width: copy.width, height: copy.height, placeholder: copy.placeholder, variants: copy.variants };
    } else {
      content = block.content.replace(HTML_IMAGE_SOURCE, (tag: string, url: string) =>
        copies.has(url) ? tag.replace(url, copies.get(url)!.src) : tag,
      );
      if (content === block.content) continue;
    }
    await deps.db.transaction(async (tx) => {
      await tx.update(contentBlocks).set({ content, metadata, updatedAt: new Date() }).where(eq(contentBlocks.id, block.id));
      await recordAudit(tx, {
        actor: "system",
        kind: "content",
        action: "image imported",
        subjectId: block.id,
        subjectLabel: block.key,
        changes: { content: { before: block.content, after: content } },
      });
      await announceChange(tx, "content", block.key);
    });
    deps.contentCache?.invalidate(block.key);
    blocksUpdated += 1;
  }
  return { listingsUpdated, blocksUpdated };
}

export async function importRemoteImages(deps: Deps, options: ImportOptions): Promise<ImportReport> {
  await ensureImageBlocks(deps.db);
  const addresses = await remoteImageAddresses(deps.db);
  const known = new Map(
    (addresses.length ? await deps.db.select().from(imageImports).where(inArray(imageImports.sourceUrl, addresses)) : []).map((row) => [
      row.sourceUrl,
      row,
    ]),
  );
  const report: ImportReport = { addresses: addresses.length, imported: 0, alreadyImported: 0, failed: [], listingsUpdated: 0, blocksUpdated: 0 };
  const copies = new Map<string, Copy>();
  options.onProgress?.({ kind: "start", total: addresses.length });
  const limit = pLimit(Math.max(1, options.concurrency));
  let done = 0;
  await Promise.all(
    addresses.map((url) =>
      limit(async () => {
        const previous = known.get(url);
        const row = previous?.status === "imported" ? previous : await importOne(deps, url, options);
        done += 1;
        if (row.status === "imported") {
          copies.set(url, copyOf(row));
          if (previous?.status === "imported") report.alreadyImported += 1;
          else report.imported += 1;
          options.onProgress?.({
            kind: "settled",
            url,
            outcome: previous?.status === "imported" ? "already imported" : "imported",
            done,
            total: addresses.length,
          });
        } else {
          report.failed.push({ url, error: row.error ?? "unknown error" });
          options.onProgress?.({ kind: "settled", url, outcome: "failed", error: row.error ?? undefined, done, total: addresses.length });
        }
      }),
    ),
  );
  Object.assign(report, await rewriteReferences(deps, copies));
  report.failed.sort((a, b) => a.url.localeCompare(b.url));
  return report;
}
