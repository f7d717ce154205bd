import type { MediaView } from "#app/domain/media";
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { mediaItems, type MediaItemMetadata, type MediaItemRow } from "#app/db/schema";
import { logger } from "#app/services/logger.server";
import { recordAudit, type AuditActor } from "./audit.server";
import type { Storage } from "#app/services/storage/storage.server";

import { mediaUrl } from "#app/domain/image-sources";

/** URL path the media route serves a stored object at (one rule, in domain/image-sources.ts). */
export { mediaUrl };

/** What the Media Manager shows for one item (no storage internals beyond URLs). */
export type { MediaView };

export function toMediaView(row: MediaItemRow): MediaView {
  const variants = row.metadata.variants ?? [];
  const smallest = (format: "avif" | "webp") => variants.filter((variant) => variant.format === format).sort((a, b) => a.width - b.width)[0];
  const avif = smallest("avif");
  const webp = smallest("webp");
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    mimeType: row.mimeType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    folder: row.metadata.folder ?? null,
    url: mediaUrl(row.storageKey),
    width: row.metadata.width ?? null,
    height: row.metadata.height ?? null,
    placeholder: row.metadata.placeholder ?? null,
    thumbnail: row.type === "image" ? { avif: avif && mediaUrl(avif.key), webp: webp && mediaUrl(webp.key) } : null,
  };
}

export type MediaFilter = { search?: string; folder?: string };

/** Escapes LIKE wildcards so a search for "50%" finds that text, not everything. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Items in their saved order (newest upload first until someone reorders), filtered by name and folder. */
export async function listMedia(db: Database, filter: MediaFilter = {}): Promise<MediaItemRow[]> {
  const conditions: SQL[] = [];
  const search = filter.search?.trim();
  if (search) conditions.push(ilike(mediaItems.name, likePattern(search)));
  if (filter.folder) conditions.push(sql`${mediaItems.metadata}->>'folder' = ${filter.folder}`);
  return db
    .select()
    .from(mediaItems)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(mediaItems.position), desc(mediaItems.createdAt));
}

export async function listFolders(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ folder: sql<string>`${mediaItems.metadata}->>'folder'` })
    .from(mediaItems)
    .where(sql`coalesce(${mediaItems.metadata}->>'folder', '') <> ''`);
  return rows.map((row) => row.folder).sort((a, b) => a.localeCompare(b));
}

export async function getMediaItem(db: Database, id: string): Promise<MediaItemRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(mediaItems).where(eq(mediaItems.id, id));
  return row;
}

export type NewMediaItem = {
  id: string;
  name: string;
  type: MediaItemRow["type"];
  storageKey: string;
  mimeType: string;
  /** Bytes in storage for this item, all renditions together. */
  size: number;
  metadata: MediaItemMetadata;
};

/** Adds an item at the top of the library. */
export async function createMediaItem(db: Database, item: NewMediaItem, actor: AuditActor): Promise<MediaItemRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mediaItems)
      .values({ ...item, position: sql`(select coalesce(min(${mediaItems.position}), 0) - 1 from ${mediaItems})` })
      .returning();
    if (!row) throw new Error("Inserting a media item returned no row");
    await recordAudit(tx, {
      actor,
      kind: "media",
      action: "uploaded",
      subjectId: row.id,
      subjectLabel: row.name,
      changes: { file: { before: null, after: `${row.name} (${row.type}, ${row.size} bytes)` } },
    });
    return row;
  });
}

/** Every storage key an item occupies. */
export function storageKeysOf(row: Pick<MediaItemRow, "storageKey" | "metadata">): string[] {
  return [...new Set([row.storageKey, ...(row.metadata.variants ?? []).map((variant) => variant.key)])];
}

/**
 * Deletes the row, then its files. The row goes first: a file left behind by a storage failure is
 * only wasted space (and logged), while a row without files would be a broken tile.
 */
export async function deleteMediaItem(db: Database, storage: Storage, id: string, actor: AuditActor): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(mediaItems).where(eq(mediaItems.id, id)).returning();
    if (deleted) {
      await recordAudit(tx, {
        actor,
        kind: "media",
        action: "deleted",
        subjectId: deleted.id,
        subjectLabel: deleted.name,
        changes: { file: { before: `${deleted.name} (${deleted.type}, ${deleted.size} bytes)`, after: null } },
      });
    }
    return deleted;
  });
  if (!row) return false;
  for (const key of storageKeysOf(row)) {
    await storage.delete(key).catch((error: unknown) => logger.error({ err: error, key }, "could not delete a media file from storage"));
  }
  return true;
}

/**
 * Saves a new order for the given items. The list may be a filtered subset of the library: those
 * items swap among the positions they already hold, so the items not shown keep their places.
 */
export async function reorderMedia(db: Database, orderedIds: string[], actor: AuditActor): Promise<void> {
  const ids = [...new Set(orderedIds)].filter(isUuid);
  if (ids.length < 2) return;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: mediaItems.id, position: mediaItems.position })
      .from(mediaItems)
      .where(inArray(mediaItems.id, ids))
      .orderBy(asc(mediaItems.position), desc(mediaItems.createdAt));
    const known = new Set(rows.map((row) => row.id));
    const ordered = ids.filter((id) => known.has(id));
    // Slots are the positions these items hold now; ties (e.g. all 0) are spread out from the lowest.
    const slots = rows.map((row) => row.position);
    for (let index = 1; index < slots.length; index += 1) slots[index] = Math.max(slots[index]!, slots[index - 1]! + 1);
    for (const [index, id] of ordered.entries()) {
      await tx.update(mediaItems).set({ position: slots[index]! }).where(eq(mediaItems.id, id));
    }
    if (ordered.length > 1) {
      await recordAudit(tx, { actor, kind: "media", action: "reordered", subjectLabel: `${ordered.length} items` });
    }
  });
}

export type StorageSummary = { usedBytes: number; files: number };

export async function storageSummary(db: Database): Promise<StorageSummary> {
  const [row] = await db.select({ usedBytes: sql<string>`coalesce(sum(${mediaItems.size}), 0)`, files: sql<string>`count(*)` }).from(mediaItems);
  return { usedBytes: Number(row?.usedBytes ?? 0), files: Number(row?.files ?? 0) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isUuid(value: string): boolean {
  return UUID.test(value);
}
