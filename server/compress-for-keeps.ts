import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Bytes that are sent many times and compressed once: the build's assets (scripts/build-host.ts) and the kept public
 * pages (server/page-cache.ts). Both codings at their highest levels, too slow to run per answer (brotli's best takes
 * tens of milliseconds for a listing page) and about a sixth smaller than the level used per answer. Runs in zlib's
 * thread pool, off the main thread.
 */
export async function compressForKeeps(bytes: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}
