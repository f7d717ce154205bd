import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "#app/db/client.server";
import { listings } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { DEFAULT_MAX_PIXELS } from "#app/services/images.server";
import { CONTENT_DEFAULTS, IMAGE_CONTENT_KEYS } from "#app/domain/site-content";
import { importRemoteImages } from "#app/services/image-import.server";
import { createLocalStorage } from "#app/services/storage/local-storage.server";
import { log } from "./common";
import { generatePhoto, seedOf } from "./photos";

export type PhotoImport = {
  /** Pictures copied through the pipeline in this run (0 when a kept --photos-dir already had them). */
  imported: number;
  /** Pictures the measured pages show, every one of them now in our own renditions. */
  shown: number;
  /** Addresses no measured page shows at first load (later gallery photos of other listings): left remote. */
  leftRemote: number;
  /** Size of the generated JPEGs handed to the pipeline (none when every picture was already imported). */
  jpegKilobytes?: { min: number; max: number };
  seconds: number;
};

/** How many different pictures are drawn; addresses share them round-robin (drawing one takes about a second). */
const DISTINCT_PHOTOS = 8;
/** The detail page's gallery shows the main photo and a strip of 4 (app/components/listings/gallery.tsx). */
const DETAIL_PHOTOS_SHOWN = 4;

/**
 * The addresses the measured pages show when they load: every image content block (home and about pictures),
 * each listing's cover (cards, home slides, category pages) and the photos of the measured detail listing's
 * gallery strip. Later photos only appear after a click and stay remote, so the pipeline's seconds per picture
 * are spent where visitors look; checkPageImages() then confirms no measured page still names a remote picture.
 */
async function shownAddresses(db: Database, detailListingId: string): Promise<Set<string>> {
  const shown = new Set<string>(IMAGE_CONTENT_KEYS.map((key) => CONTENT_DEFAULTS[key].content));
  for (const row of await db.select({ id: listings.id, photos: listings.photos }).from(listings)) {
    const photos = row.photos.slice(0, row.id === detailListingId ? DETAIL_PHOTOS_SHOWN : 1);
    for (const photo of photos) shown.add(photo.src);
  }
  return shown;
}

/**
 * Seeds the bench database (DATA_DIR/db, DATA_DIR/storage as the server opens them) and puts generated photographs
 * through the site's own import (`npm run images:import`: type from the bytes, pixel cap, AVIF/WebP renditions,
 * blurred placeholder, every reference rewritten). The earlier site's media host is out of reach here, so while
 * the import runs, requests to it are answered at the network edge with generated JPEGs for the addresses the
 * measured pages show and 404 for the rest; nothing else in the pipeline is replaced.
 */
export async function importBenchPhotos(dataDir: string, detailListingId: string): Promise<PhotoImport> {
  const started = Date.now();
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  const realFetch = globalThis.fetch;
  const drawn = new Map<number, Promise<Buffer>>();
  const sizes: number[] = [];
  try {
    await handle.migrate();
    await seedCatalogue(handle.db);
    const [detail] = await handle.db.select({ id: listings.id }).from(listings).where(eq(listings.id, detailListingId));
    if (!detail) throw new Error(`the seed catalogue has no listing ${detailListingId}`);
    const shown = await shownAddresses(handle.db, detailListingId);

    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!/^https?:\/\//.test(url) || new URL(url).hostname === "127.0.0.1") return realFetch(input, init);
      if (!shown.has(url)) return new Response("not shown by a measured page", { status: 404, headers: { "content-type": "text/plain" } });
      const picture = seedOf(url) % DISTINCT_PHOTOS;
      if (!drawn.has(picture)) drawn.set(picture, generatePhoto(picture + 1));
      const jpeg = await drawn.get(picture)!;
      sizes.push(jpeg.length);
      return new Response(new Uint8Array(jpeg), { headers: { "content-type": "image/jpeg", "content-length": String(jpeg.length) } });
    };

    log(`putting ${shown.size} generated photos through the image pipeline …`);
    const report = await importRemoteImages(
      { db: handle.db, storage: createLocalStorage(path.join(dataDir, "storage")) },
      { concurrency: 2, timeoutMs: 120_000, maxBytes: 25 * 1024 * 1024, maxPixels: DEFAULT_MAX_PIXELS },
    );
    const stillMissing = report.failed.filter((failure) => shown.has(failure.url));
    if (stillMissing.length > 0) {
      throw new Error(`the pipeline refused ${stillMissing.length} bench photos, e.g. ${stillMissing[0]!.url}: ${stillMissing[0]!.error}`);
    }
    const kilobytes = sizes.map((size) => Math.round(size / 1000));
    return {
      imported: report.imported,
      shown: shown.size,
      leftRemote: report.failed.length,
      jpegKilobytes: kilobytes.length ? { min: Math.min(...kilobytes), max: Math.max(...kilobytes) } : undefined,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    globalThis.fetch = realFetch;
    await handle.close();
  }
}
