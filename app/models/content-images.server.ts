import type { ContentKey } from "#app/domain/site-content";
import { imageSourceFrom, type ImageSource } from "#app/domain/image-sources";
import { readContent, type ContentStore } from "./content-blocks.server";

/**
 * Image content blocks as pages draw them: the block's address plus, for a picture uploaded or imported into
 * our storage, its AVIF/WebP renditions and blurred placeholder (kept in the block's metadata). Reads go
 * through the content cache like every other block, so a replaced picture shows at once on every process.
 */
export async function readContentImages<K extends ContentKey>(store: ContentStore, keys: readonly K[]): Promise<Record<K, ImageSource | undefined>> {
  const values = await readContent(store, keys);
  const images = {} as Record<K, ImageSource | undefined>;
  for (const key of keys) {
    const src = values[key];
    const row = store.contentCache.get(key);
    const metadata = row && row.content === src ? row.metadata : {};
    images[key] = src ? imageSourceFrom({ src, ...metadata }) : undefined;
  }
  return images;
}
