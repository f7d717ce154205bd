import { E2E_ENQUIRIES } from "../setup/e2e-fixtures";
import { signInAsAdmin } from "./admin-session";
import { expect, expectAccessible, test } from "./fixtures";

test.use({ viewport: { width: 1440, height: 900 } });
// Whole flows with a real sign-in (scrypt) on a shared, busy machine: more than the default 30 s.
test.setTimeout(90_000);

test("shell: top bar, sidebar with the active path, dashboard figures", async ({ page }) => {
  await page.goto("/sign-in");
  await page.screenshot({ path: "screenshots/admin-sign-in-desktop.png" });
  await signInAsAdmin(page);
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: /White Streams\s*Admin/ })).toHaveAttribute("href", "/");
  await expect(banner.getByRole("button", { name: "Logout" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin" });
  // An Owner sees every built screen; the Enquiries entry carries the unread count.
  await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Listings", /^Enquiries\d+ unread$/, "Media", "Content", "Settings", "Activity"]);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const listings = page.getByRole("region", { name: "Listings by category" });
  // The seeded catalogue (5, 4, 3, 4, 4) plus the hidden fixture listing in real estate.
  await expect(listings.getByRole("row", { name: /Real Estate/ })).toHaveText(/Real Estate\s*5\s*6/);
  await expect(listings.getByRole("row", { name: /Cars/ })).toHaveText(/Cars\s*4\s*4/);
  await expect(listings.getByRole("row", { name: /Metals/ })).toHaveText(/Metals\s*3\s*3/);
  // Pipeline counts and the 30-day chart (the fixture enquiries, the oldest 10 days ago, are all in it).
  expect(Number(await page.getByTestId("pipeline-new").textContent())).toBeGreaterThanOrEqual(E2E_ENQUIRIES.length + 1);
  const chart = page.getByRole("region", { name: "Enquiries per day" });
  await expect(chart.getByRole("img")).toBeVisible();
  await expect(chart.getByText(/\d+ enquir(y|ies) in the last 30 days/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "screenshots/admin-dashboard-desktop.png", fullPage: true });

  await nav.getByRole("link", { name: "Content" }).click();
  await expect(nav.getByRole("link", { name: "Content" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
});

test("the bell counts unopened enquiries and drops when one is opened", async ({ page }) => {
  await signInAsAdmin(page);
  const bell = page.getByRole("link", { name: /^Enquiries: \d+ unopened$/ });
  const before = Number((await bell.getAttribute("aria-label"))!.match(/\d+/)![0]);
  expect(before).toBeGreaterThanOrEqual(E2E_ENQUIRIES.length);
  await expect(page.getByTestId("bell-count")).toHaveText(String(before));

  await bell.click();
  await expect(page.getByRole("heading", { name: "Enquiries", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "screenshots/admin-enquiries-desktop.png", fullPage: true });
  await page.getByRole("link", { name: /Amelia Hart \(unopened\)/ }).click();
  await expect(page.getByRole("heading", { name: "Enquiry from Amelia Hart" })).toBeVisible();
  await expect(page.getByText(E2E_ENQUIRIES[0]!.message)).toBeVisible();
  await expect(page.getByRole("link", { name: `Enquiries: ${before - 1} unopened` })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "screenshots/admin-enquiry-desktop.png", fullPage: true });

  // Opening it again does not count twice; a reload keeps the lower number.
  await page.reload();
  await expect(page.getByRole("link", { name: `Enquiries: ${before - 1} unopened` })).toBeVisible();
});
