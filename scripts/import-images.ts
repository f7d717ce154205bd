/**
 * `npm run images:import`: copies the remote pictures that listings and content blocks still hot-link (the earlier
 * site's media host) into our own storage, in our own AVIF/WebP variants, and points every reference at the copy.
 * Safe to run again at any time: what was copied is never downloaded twice, and an interrupted run resumes.
 *
 *   npm run images:import -- [--concurrency=4] [--timeout=30] [--max-mb=N] [--allow-private-networks]
 *
 * --max-mb defaults to the listing photo limit of the upload rules (domain/upload-rules.ts), so a picture staff
 * could upload by hand is never refused here. Only public web addresses are fetched: an address (or a redirect) that
 * leads to this machine, a private network or a cloud host's metadata service is refused and listed as failed, since
 * any Editor can type an address in. --allow-private-networks lifts that for a picture server on your own network.
 *
 * With the embedded database (no DATABASE_URL), stop the server first: PGlite lets one process open it (this one is
 * refused while the server runs, docs/decisions/0046-one-process-per-embedded-database.md). With
 * PostgreSQL the site keeps running, and every app process picks the new addresses up at once (change notices).
 * Exits 1 when any picture could not be copied (they are listed at the end; run it again to retry them).
 */
import { openDatabaseFromEnv } from "#app/db/client.server";
import { LISTING_PHOTO_UPLOAD, MB } from "#app/domain/upload-rules";
import { parseEnv } from "#app/env.server";
import { importRemoteImages } from "#app/services/image-import.server";
import { storageFromEnv } from "#app/services/storage/storage-from-env.server";
import { progressReporter } from "./import-progress";

const args = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const raw = args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number (got ${raw})`);
  return value;
}

async function main(): Promise<number> {
  const env = parseEnv();
  const concurrency = option("concurrency", 4);
  const timeoutMs = option("timeout", 30) * 1000;
  const maxBytes = Math.round(option("max-mb", LISTING_PHOTO_UPLOAD.maxBytes / MB) * MB);
  const handle = await openDatabaseFromEnv(env);
  // Progress on stderr (a bar when stderr is a terminal); the summary below on stdout.
  const progress = progressReporter(process.stderr);
  try {
    await handle.migrate();
    const report = await importRemoteImages(
      { db: handle.db, storage: await storageFromEnv(env) },
      {
        concurrency,
        timeoutMs,
        maxBytes,
        maxPixels: env.IMAGE_MAX_PIXELS,
        allowPrivateNetworks: args.includes("--allow-private-networks"),
        onProgress: progress.onProgress,
      },
    );
    progress.finish();
    console.log(
      `Done: ${report.imported} imported, ${report.alreadyImported} already imported, ${report.failed.length} failed; ` +
        `${report.listingsUpdated} listings and ${report.blocksUpdated} content blocks now use our copies.`,
    );
    if (report.failed.length > 0) {
      console.error(`\n${report.failed.length} pictures could not be imported (run the command again to retry them):`);
      for (const failure of report.failed) console.error(`  ${failure.url}\n    ${failure.error}`);
      return 1;
    }
    return 0;
  } finally {
    progress.finish();
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`images:import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
