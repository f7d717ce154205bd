/**
 * The README's screenshots: starts the production build on a throw-away data folder (seeded catalogue, a fixture
 * Owner, a few sample enquiries), signs in, and writes docs/screenshots/*.webp at phone and desktop sizes.
 * Usage: npm run screenshots   (builds first). Not part of `npm test`: it only makes pictures.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { openDatabaseFromEnv } from "#app/db/client.server";
import { contactSubmissions } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { parseEnv } from "#app/env.server";
import { createStaffUser } from "#app/services/auth-admin.server";
import { createAuthForDatabase } from "#app/services/auth-instance.server";
import { chromiumPath, CHROMIUM_ARGS } from "../tests/setup/chromium";
import { startProductionServer } from "../tests/setup/production-server";

const OUT_DIR = "docs/screenshots";
const OWNER = { email: "owner@screenshots.test", password: "screenshots only, never a real account", name: "Isabella Laurent" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Shot = { name: string; path: string; size: { width: number; height: number }; admin?: boolean; prepare?: (page: Page) => Promise<void> };

const SHOTS: Shot[] = [
  { name: "home-desktop", path: "/", size: DESKTOP },
  { name: "home-phone", path: "/", size: PHONE },
  { name: "category-desktop", path: "/cars", size: DESKTOP, prepare: (page) => page.evaluate(() => window.scrollTo(0, 420)) },
  { name: "category-phone", path: "/real-estate", size: PHONE, prepare: (page) => page.evaluate(() => window.scrollTo(0, 500)) },
  { name: "listing-desktop", path: "/cars/bugatti-chiron-2019", size: DESKTOP },
  { name: "contact-phone", path: "/contact", size: PHONE, prepare: (page) => page.evaluate(() => window.scrollTo(0, 560)) },
  { name: "admin-dashboard-desktop", path: "/edit", size: DESKTOP, admin: true },
  { name: "admin-enquiries-desktop", path: "/edit/enquiries", size: DESKTOP, admin: true },
  { name: "admin-content-desktop", path: "/edit/content?category=about", size: DESKTOP, admin: true },
  { name: "admin-media-phone", path: "/edit/media", size: PHONE, admin: true },
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-screenshots-"));
await prepareData(dataDir);
// Always the embedded database in the throw-away folder, whatever DATABASE_URL the shell has.
const server = await startProductionServer({ DATA_DIR: dataDir, DATABASE_URL: "", SEED_ON_START: "0" });
const baseURL = `http://localhost:${server.port}`;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  // The public pages save their content blocks on first view: the admin's Content Manager then lists them.
  for (const shot of SHOTS.filter((candidate) => !candidate.admin)) await take(shot, false);
  await fetch(`${baseURL}/about`);
  for (const shot of SHOTS.filter((candidate) => candidate.admin)) await take(shot, true);
} finally {
  await browser.close();
  server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function take(shot: Shot, signedIn: boolean) {
  const context = await browser.newContext({ viewport: shot.size, deviceScaleFactor: 1, reducedMotion: "reduce", baseURL });
  const page = await context.newPage();
  if (signedIn) {
    await page.goto("/sign-in");
    await page.getByLabel("E-mail").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/edit$/);
  }
  await page.goto(shot.path);
  // Pictures hosted elsewhere may not load (offline): the designed placeholder shows instead. Wait a little, not forever.
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  await shot.prepare?.(page);
  await page.waitForTimeout(300);
  const png = await page.screenshot();
  const file = path.join(OUT_DIR, `${shot.name}.webp`);
  await sharp(png).webp({ quality: 72, effort: 6 }).toFile(file);
  console.log(`${file}  ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
  await context.close();
}

/** The database the server will find: migrated, the catalogue, one Owner and three enquiries for the inbox. */
async function prepareData(folder: string) {
  const env = parseEnv({ ...process.env, DATA_DIR: folder, DATABASE_URL: "" });
  const handle = await openDatabaseFromEnv(env);
  try {
    await handle.migrate();
    await seedCatalogue(handle.db);
    await createStaffUser({ db: handle.db, auth: await createAuthForDatabase(handle.db, env) }, { ...OWNER, role: "owner" });
    const hour = 3_600_000;
    await handle.db.insert(contactSubmissions).values([
      {
        submissionId: "screenshot-enquiry-1",
        firstName: "Amelia",
        lastName: "Hart",
        email: "amelia@example.com",
        interest: "Yachts",
        message: "Is the SPITFIRE available for a viewing in Monaco next month?",
        listingPath: "/yachts/spitfire",
        createdAt: new Date(Date.now() - 2 * hour),
      },
      {
        submissionId: "screenshot-enquiry-2",
        firstName: "Rohan",
        lastName: "Mehta",
        email: "rohan@example.com",
        interest: "Real Estate",
        message: "Please send the floor plans of the Nad Al Sheba villa.",
        listingPath: "/real-estate/nad-al-sheba-villa",
        createdAt: new Date(Date.now() - 5 * hour),
      },
      {
        submissionId: "screenshot-enquiry-3",
        firstName: "Lena",
        lastName: "Vogel",
        email: "lena@example.com",
        interest: "Jets",
        message: "Thank you for the details on the Gulfstream. Could we discuss settlement in Bitcoin?",
        status: "processed",
        emailSent: true,
        confirmationSent: true,
        openedAt: new Date(Date.now() - 20 * hour),
        createdAt: new Date(Date.now() - 26 * hour),
      },
    ]);
  } finally {
    await handle.close();
  }
}
