/**
 * `npm start`'s first step: builds only when the code changed since the last build, so starting again on an
 * existing install serves at once. The build's inputs (our sources, the public files, the configuration and the
 * lockfile) are hashed; the hash of the last successful build is kept in BUILD_DIR/.source-hash.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "../app/env.server";

const INPUTS = [
  "app",
  "server",
  "public",
  "scripts/build-host.ts",
  "package.json",
  "package-lock.json",
  // The Vite configuration and every vite.*.ts module beside it that it imports (how the browser build is split into
  // files, React Router's production build in the browser), found by name so a new one is never left out.
  ...fs
    .readdirSync(".")
    .filter((name) => /^vite\..+\.ts$/.test(name))
    .sort(),
  "react-router.config.ts",
  "tsconfig.json",
];

function* files(entry: string): Generator<string> {
  if (!fs.existsSync(entry)) return;
  if (!fs.statSync(entry).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

function sourceHash(): string {
  const hash = crypto.createHash("sha256");
  // The Node.js version too: a build made under another runtime is not trusted.
  hash.update(process.version);
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest("hex");
}

const buildDir = parseEnv().buildDir;
const stampFile = path.join(buildDir, ".source-hash");
const current = sourceHash();
const built = fs.existsSync(path.join(buildDir, "server/host.js")) && fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8").trim() : "";

if (built === current) {
  console.log(`The build in ${path.relative(process.cwd(), buildDir) || "."}/ is up to date with the code: serving it.`);
} else {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, `${current}\n`);
}
