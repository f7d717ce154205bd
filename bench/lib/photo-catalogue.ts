import http from "node:http";
import type { AddressInfo } from "node:net";
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
import { rewritePictureAddresses } from "./photo-addresses";
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
 * the import runs its addresses point at a local picture server, which answers generated JPEGs for the addresses the
 * measured pages show and 404 for the rest (those get their original address back afterwards); nothing in the
 * pipeline is replaced.
 */
export async function importBenchPhotos(dataDir: string, detailListingId: string): Promise<PhotoImport> {
  const started = Date.now();
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  const drawn = new Map<number, Promise<Buffer>>();
  const sizes: number[] = [];
  // The earlier site's addresses, each served by the local picture server under a number of its own.
  const originals: string[] = [];
  const pictures = http.createServer((request, response) => {
    const original = originals[Number(request.url?.slice(1))];
    if (!original || !shown.has(original)) return void response.writeHead(404, { "content-type": "text/plain" }).end("not shown by a measured page");
    const picture = seedOf(original) % DISTINCT_PHOTOS;
    if (!drawn.has(picture)) drawn.set(picture, generatePhoto(picture + 1));
    void drawn.get(picture)!.then((jpeg) => {
      sizes.push(jpeg.length);
      response.writeHead(200, { "content-type": "image/jpeg", "content-length": String(jpeg.length) }).end(jpeg);
    });
  });
  let shown = new Set<string>();
  try {
    await handle.migrate();
    await seedCatalogue(handle.db);
    const [detail] = await handle.db.select({ id: listings.id }).from(listings).where(eq(listings.id, detailListingId));
    if (!detail) throw new Error(`the seed catalogue has no listing ${detailListingId}`);
    shown = await shownAddresses(handle.db, detailListingId);

    await new Promise<void>((resolve) => pictures.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}/`;
    const numbers = new Map<string, number>();
    const local = (original: string) => {
      if (!numbers.has(original)) numbers.set(original, originals.push(original) - 1);
      return `${origin}${numbers.get(original)}`;
    };
    const originalOf = (address: string) => (address.startsWith(origin) ? originals[Number(address.slice(origin.length))] : undefined);
    await rewritePictureAddresses(handle.db, local);

    log(`putting ${shown.size} generated photos through the image pipeline …`);
    const report = await importRemoteImages(
      { db: handle.db, storage: createLocalStorage(path.join(dataDir, "storage")) },
      // The picture server is on this machine: the import's own switch for a picture server on the operator's network.
      { concurrency: 2, timeoutMs: 120_000, maxBytes: 25 * 1024 * 1024, maxPixels: DEFAULT_MAX_PIXELS, allowPrivateNetworks: true },
    );
    // What was not copied (pictures no measured page shows at first load) keeps its original address.
    await rewritePictureAddresses(handle.db, originalOf);
    const failed = report.failed.map((failure) => ({ ...failure, url: originalOf(failure.url) ?? failure.url }));
    const stillMissing = failed.filter((failure) => shown.has(failure.url));
    if (stillMissing.length > 0) {
      throw new Error(`the pipeline refused ${stillMissing.length} bench photos, e.g. ${stillMissing[0]!.url}: ${stillMissing[0]!.error}`);
    }
    const kilobytes = sizes.map((size) => Math.round(size / 1000));
    return {
      imported: report.imported,
      shown: shown.size,
      leftRemote: failed.length,
      jpegKilobytes: kilobytes.length ? { min: Math.min(...kilobytes), max: Math.max(...kilobytes) } : undefined,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    pictures.close();
    await handle.close();
  }
}
