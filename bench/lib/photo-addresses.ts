import { inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contentBlocks, listings } from "#app/db/schema";
import { ensureImageBlocks } from "#app/services/image-import.server";

const isRemote = (src: string) => /^https?:\/\//i.test(src);
const HTML_IMAGE_SOURCE = /(<img\b[^>]*?\bsrc\s*=\s*["'])(https?:\/\/[^"']+)(["'])/gi;

/**
 * Points every picture address the catalogue names (listing photos, image blocks, `<img>` in html blocks) through
 * `map`; an address it leaves undefined stays as it is. The bench uses it to send the import to its local picture
 * server (the earlier site's media host is out of reach here) and, afterwards, to give the addresses the import did
 * not copy their original form back, so the catalogue the pages read differs from the seed only by our copies.
 */
export async function rewritePictureAddresses(db: Database, map: (address: string) => string | undefined): Promise<number> {
  let changed = 0;
  const to = (address: string) => (isRemote(address) ? (map(address) ?? address) : address);
  // Image blocks the code holds but no page has stored yet get their row first, as the import itself gives them.
  await ensureImageBlocks(db);
  for (const row of await db.select({ id: listings.id, photos: listings.photos }).from(listings)) {
    const photos = row.photos.map((photo) => ({ ...photo, src: to(photo.src) }));
    if (photos.every((photo, index) => photo.src === row.photos[index]!.src)) continue;
    await db
      .update(listings)
      .set({ photos })
      .where(sql`${listings.id} = ${row.id}`);
    changed += 1;
  }
  for (const block of await db
    .select()
    .from(contentBlocks)
    .where(inArray(contentBlocks.type, ["image", "html"]))) {
    const trimmed = block.content.trim();
    const content =
      block.type === "image"
        ? to(trimmed) === trimmed
          ? block.content
          : to(trimmed)
        : block.content.replace(HTML_IMAGE_SOURCE, (_tag, open: string, address: string, close: string) => `${open}${to(address)}${close}`);
    if (content === block.content) continue;
    await db
      .update(contentBlocks)
      .set({ content })
      .where(sql`${contentBlocks.id} = ${block.id}`);
    changed += 1;
  }
  return changed;
}
