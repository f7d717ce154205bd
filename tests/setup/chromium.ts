import fs from "node:fs";

/** Flags that work for the system Chromium as root in a sandboxed machine with no outside network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const CANDIDATES = [process.env.CHROMIUM_PATH, process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** The system Chromium, or a clear message on how to install one. */
export function chromiumPath(): string {
  const found = CANDIDATES.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install one with `sudo apt-get install -y chromium` " +
        "(Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
  }
  return found;
}
