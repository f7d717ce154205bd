/**
 * The second half of `npm run build` (after `react-router build`):
 *  1. compiles the HTTP host (server/start.ts, then server/index.ts) to plain JavaScript next to the SSR build, so production runs
 *     `node BUILD_DIR/server/host.js` with no TypeScript loader in memory (docs/decisions/0029-compiled-host.md),
 *     and beside it the embedded database's thread (app/db/pglite-thread.worker.ts) and the process that creates a
 *     new database on a first start (server/set-up-database.ts), where the host looks for them;
 *  2. writes a brotli and a gzip copy of every compressible client asset, at their highest levels, so the host
 *     sends ready bytes instead of compressing each response.
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { parseEnv } from "../app/env.server";
import { compressForKeeps } from "../server/compress-for-keeps";

/** Text formats worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const buildDir = parseEnv().buildDir;

async function compileHost() {
  await build({
    entryPoints: [
      { in: "server/start.ts", out: "host" },
      { in: "server/set-up-database.ts", out: "set-up-database" },
      { in: "app/db/pglite-thread.worker.ts", out: "pglite-thread.worker" },
    ],
    outdir: path.join(buildDir, "server"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // host.js loads the host's own code (server/index.ts) only after it has started the embedded database (server/
    // start.ts): a chunk of its own, loaded by that dynamic import. Chunks sit beside host.js, where import.meta.url
    // lets the database's code find its worker.
    splitting: true,
    chunkNames: "host-[name]-[hash]",
    // Dependencies stay in node_modules (as in the SSR build); only our own TypeScript is compiled in.
    packages: "external",
    // The `#app/*` imports are ours: bundle them, whatever esbuild's rule for package-like paths.
    alias: { "#app": "./app" },
    logLevel: "warning",
  });
}

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function precompress() {
  const clientDir = path.join(buildDir, "client");
  let count = 0;
  for (const file of files(clientDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const { br, gzip: gz } = await compressForKeeps(bytes);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    count++;
  }
  return count;
}

const started = Date.now();
await compileHost();
const compressed = await precompress();
console.log(
  `host compiled to ${path.relative(process.cwd(), path.join(buildDir, "server/host.js"))}; ${compressed} assets precompressed (br, gz) in ${Date.now() - started} ms`,
);
