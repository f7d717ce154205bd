import { inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contentBlocks } from "#app/db/schema";
import { CONTENT_DEFAULTS, type ContentKey, type ContentValues } from "#app/domain/site-content";

/**
 * Reads the given blocks for a public page. A block that has no stored content gets its default
 * saved on first load (spec point 4), so staff always find every block in the Content Manager.
 */
export async function readContent<K extends ContentKey>(db: Database, keys: readonly K[]): Promise<ContentValues<K>> {
  const rows = await db.select().from(contentBlocks).where(inArray(contentBlocks.key, [...keys]));
  const stored = new Map(rows.map((row) => [row.key, row]));
  const missing = keys.filter((key) => !stored.get(key)?.content);
  if (missing.length > 0) {
    await db
      .insert(contentBlocks)
      .values(
        missing.map((key) => ({
          key,
          type: CONTENT_DEFAULTS[key].type,
          content: CONTENT_DEFAULTS[key].content,
          metadata: { category: CONTENT_DEFAULTS[key].category },
        })),
      )
      .onConflictDoUpdate({ target: contentBlocks.key, set: { content: sql`excluded.content`, updatedAt: new Date() } });
  }
  const values = {} as ContentValues<K>;
  for (const key of keys) values[key] = stored.get(key)?.content || CONTENT_DEFAULTS[key].content;
  return values;
}
