/**
 * `npm run images:import`: copies the remote pictures that listings and content blocks still hot-link (the earlier
 * site's media host) into our own storage, in our own AVIF/WebP variants, and points every reference at the copy.
 * Safe to run again at any time: what was copied is never downloaded twice, and an interrupted run resumes.
 *
 *   npm run images:import -- [--concurrency=4] [--timeout=30] [--max-mb=25]
 *
 * With the embedded database (no DATABASE_URL), stop the server first: PGlite lets one process open it. With
 * PostgreSQL the site keeps running, and every app process picks the new addresses up at once (change notices).
 * Exits 1 when any picture could not be copied (they are listed at the end; run it again to retry them).
 */
import cliProgress from "cli-progress";
import { openDatabaseFromEnv } from "#app/db/client.server";
import { parseEnv } from "#app/env.server";
import { importRemoteImages, type ImportProgress } from "#app/services/image-import.server";
import { storageFromEnv } from "#app/services/storage/storage-from-env.server";

const args = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const raw = args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number (got ${raw})`);
  return value;
}

/** A bar on a terminal; one plain line per picture otherwise (CI logs, pipes). */
function progressReporter(): { onProgress: (event: ImportProgress) => void; finish: () => void } {
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: "  importing [{bar}] {value}/{total} pictures · {failed} failed", hideCursor: true, clearOnComplete: false },
      cliProgress.Presets.shades_classic,
    );
    let failed = 0;
    return {
      onProgress(event) {
        if (event.kind === "start") bar.start(event.total, 0, { failed });
        else {
          if (event.outcome === "failed") failed += 1;
          bar.update(event.done, { failed });
        }
      },
      finish: () => bar.stop(),
    };
  }
  return {
    onProgress(event) {
      if (event.kind === "start") console.log(`${event.total} remote pictures referenced`);
      else console.log(`[${event.done}/${event.total}] ${event.outcome}: ${event.url}${event.error ? ` (${event.error})` : ""}`);
    },
    finish: () => undefined,
  };
}

async function main(): Promise<number> {
  const env = parseEnv();
  const concurrency = option("concurrency", 4);
  const timeoutMs = option("timeout", 30) * 1000;
  const maxBytes = Math.round(option("max-mb", 25) * 1024 * 1024);
  const handle = await openDatabaseFromEnv(env);
  const progress = progressReporter();
  try {
    await handle.migrate();
    const report = await importRemoteImages(
      { db: handle.db, storage: storageFromEnv(env) },
      { concurrency, timeoutMs, maxBytes, maxPixels: env.IMAGE_MAX_PIXELS, onProgress: progress.onProgress },
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
