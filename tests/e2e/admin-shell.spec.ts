import { E2E_ENQUIRIES } from "../setup/e2e-fixtures";
import { signInAsAdmin } from "./admin-session";
import { expect, expectAccessible, test } from "./fixtures";
import { test as isolatedTest } from "./isolated-server";

test.use({ viewport: { width: 1440, height: 900 } });
// Whole flows with a real sign-in (scrypt) on a shared, busy machine: more than the default 30 s.
test.setTimeout(90_000);

test("shell: top bar, sidebar with the active path", async ({ page }) => {
  await signInAsAdmin(page);
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: /White Streams\s*Admin/ })).toHaveAttribute("href", "/");
  await expect(banner.getByRole("button", { name: "Logout" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin" });
  // An Owner sees every built screen; the Enquiries entry carries the unread count.
  await expect(nav.getByRole("link")).toHaveText([
    "Dashboard",
    "Listings",
    /^Enquiries\d+ unread$/,
    "Media",
    "Content",
    "Users",
    "Settings",
    "Activity",
    "Your account",
  ]);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expectAccessible(page);

  await nav.getByRole("link", { name: "Content" }).click();
  await expect(nav.getByRole("link", { name: "Content" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
});

test("on a phone the sidebar's row shows the current screen, wherever it is in the list", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  for (const [path, screen] of [
    ["/edit/users", "Users"],
    ["/edit/account", "Your account"],
    ["/edit/activity", "Activity"],
  ] as const) {
    await page.goto(path);
    const current = nav.getByRole("link", { name: screen });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(current).toBeInViewport({ ratio: 1 });
  }
  // The top bar's name and "Admin" stay on one line, and the whole name shows (Logout is only its icon on a phone).
  const name = page.getByRole("banner").getByRole("link").first();
  expect((await name.boundingBox())!.height).toBeLessThan(40);
  const siteName = name.locator("span").first();
  expect(await siteName.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
});

test("the live bell connects again after its stream was answered 503, which the browser alone would give up on", async ({ page }) => {
  let refused = 0;
  await page.route("**/edit/events", async (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    await route.fulfill({ status: 503, contentType: "text/plain", body: "The database is not answering." });
  });
  const reconnected = page.waitForResponse((response) => response.url().endsWith("/edit/events") && response.status() === 200, {
    timeout: 30_000,
  });
  await signInAsAdmin(page);
  const stream = await reconnected;
  expect(stream.headers()["content-type"]).toMatch(/^text\/event-stream/);
  expect(refused).toBe(1);
});

/**
 * Site-wide figures: on a private server, where no other test sends, opens or lists anything meanwhile, so
 * the numbers are exactly the fixtures' (tests/setup/e2e-fixtures.ts).
 */
isolatedTest.describe("site-wide figures (a private server)", () => {
  isolatedTest.use({ viewport: { width: 1440, height: 900 } });
  isolatedTest.setTimeout(150_000);

  isolatedTest("the dashboard counts listings and enquiries; the bell counts unopened ones and drops when one is opened", async ({ page }) => {
    await signInAsAdmin(page);
    const listings = page.getByRole("region", { name: "Listings by category" });
    // The seeded catalogue (5, 4, 3, 4, 4) plus the hidden fixture listing in real estate.
    await expect(listings.getByRole("row", { name: /Real Estate/ })).toHaveText(/Real Estate\s*5\s*6/);
    await expect(listings.getByRole("row", { name: /Cars/ })).toHaveText(/Cars\s*4\s*4/);
    await expect(listings.getByRole("row", { name: /Metals/ })).toHaveText(/Metals\s*3\s*3/);
    // Pipeline counts and the 30-day chart: the two fixture enquiries from today and the one from 10 days ago.
    await expect(page.getByTestId("pipeline-new")).toHaveText(String(E2E_ENQUIRIES.length + 1));
    const chart = page.getByRole("region", { name: "Enquiries per day" });
    await expect(chart.getByRole("img")).toBeVisible();
    await expect(chart.getByText(`${E2E_ENQUIRIES.length + 1} enquiries in the last 30 days`)).toBeVisible();

    const bell = page.getByRole("link", { name: `Enquiries: ${E2E_ENQUIRIES.length} unopened` });
    await expect(page.getByTestId("bell-count")).toHaveText(String(E2E_ENQUIRIES.length));
    await bell.click();
    await expect(page.getByRole("heading", { name: "Enquiries", level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: /Amelia Hart \(unopened\)/ }).click();
    await expect(page.getByRole("heading", { name: "Enquiry from Amelia Hart" })).toBeVisible();
    await expect(page.getByText(E2E_ENQUIRIES[0]!.message)).toBeVisible();
    await expect(page.getByRole("link", { name: `Enquiries: ${E2E_ENQUIRIES.length - 1} unopened` })).toBeVisible();
    await expectAccessible(page);

    // Opening it again does not count twice; a reload keeps the lower number.
    await page.reload();
    await expect(page.getByRole("link", { name: `Enquiries: ${E2E_ENQUIRIES.length - 1} unopened` })).toBeVisible();
  });
});
