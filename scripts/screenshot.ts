/**
 * Screenshots of pages at phone and desktop sizes, for looking at what we build.
 * Usage: tsx scripts/screenshot.ts http://localhost:3000 / /about ...   (writes to ./screenshots)
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumPath, CHROMIUM_ARGS } from "../tests/setup/chromium";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const sizes = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
];
const fullPage = process.env.FULL_PAGE !== "0";

fs.mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const size of sizes) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, reducedMotion: "reduce" });
  const page = await context.newPage();
  for (const path of paths.length ? paths : ["/"]) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const file = `screenshots/${size.name}${path.replace(/[^a-z0-9]+/gi, "_") || "_home"}.png`;
    await page.screenshot({ path: file, fullPage });
    console.log(file);
  }
  await context.close();
}
await browser.close();
