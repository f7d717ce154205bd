import type { Page } from "@playwright/test";
import { PRICED_JETS } from "../setup/e2e-fixtures";
import { signInAsAdmin } from "./admin-session";
import { expectAccessible } from "./fixtures";
import { expect, test } from "./isolated-server";

/**
 * Prices as visitors read them in each state of the rates (docs/decisions/0024): fresh, out of date, never
 * fetched; on the home page's Trending Now cards, category cards and the detail page. Each test runs its own server
 * (tests/e2e/isolated-server.ts), since it changes site-wide things: the staff picks, the settings, the rates.
 */
test.describe.configure({ timeout: 180_000 });

const GULFSTREAM = PRICED_JETS[0]!;
const DETAIL = `/jets/${GULFSTREAM.id}`;
const CARDS = "/jets?location=greenland";
const RATES_AT = /^Rates at \d\d:\d\d UTC\. The final amount is fixed when the deal is agreed\.$/;
const OUT_OF_DATE = /^Rates of .+, \d\d:\d\d UTC \(out of date\)\. The final amount is fixed when the deal is agreed\.$/;

const card = (page: Page) => page.getByRole("article").filter({ hasText: GULFSTREAM.title });
const detailHeader = (page: Page) => page.locator("header", { has: page.getByRole("heading", { level: 1 }) });

test.describe("with fresh rates", () => {
  test("a Trending Now card shows the price, its BTC, ETH and XRP equivalents and the rates' time, and has the heart; the detail page has Call and WhatsApp", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Staff make the priced jet the first staff pick and set the numbers visitors may call (no JavaScript needed).
    const staff = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const admin = await staff.newPage();
    await signInAsAdmin(admin);
    await admin.goto("/edit/listings/order?list=picks");
    await admin.getByLabel("Add a listing").selectOption({ label: `${GULFSTREAM.title} (Jets)` });
    await admin.getByRole("button", { name: "Add", exact: true }).click();
    const up = admin.getByRole("button", { name: `Move ${GULFSTREAM.title} up` });
    while (await up.isEnabled()) await up.click();
    await admin.goto("/edit/settings");
    await admin.getByLabel("Phone").fill("+44 20 7946 0958");
    await admin.getByLabel("WhatsApp").fill("+971 50 123 4567");
    await admin.getByRole("button", { name: "Save settings" }).click();
    await expect(admin.getByRole("status")).toHaveText(/Saved \d+ change/);
    await staff.close();

    await page.goto("/");
    const trending = page.getByRole("region", { name: "Trending Now" });
    const first = trending.getByTestId("trending-card").first();
    await expect(first.getByRole("heading", { level: 3 })).toHaveText(GULFSTREAM.title);
    await expect(first.getByText("USD 3,950,000", { exact: true })).toBeVisible();
    // 3,950,000 ÷ 90,000; ÷ 3,000; ÷ 2.31, at the fixtures' rates.
    await expect(first.getByText(/^About ≈ BTC 43\.8889 · ETH 1,316\.667 · XRP 1,709,957$/)).toBeVisible();
    await expect(first.getByText(RATES_AT)).toBeVisible();
    // Every card of the section says its price, "Price On Request" included.
    for (const each of await trending.getByTestId("trending-card").all()) await expect(each.getByText(/USD|Price On Request/).first()).toBeVisible();
    const heart = first.getByRole("button", { name: `Shortlist ${GULFSTREAM.title}` });
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);
    await first.getByRole("link", { name: GULFSTREAM.title }).click();
    await expect(page).toHaveURL(new RegExp(`${DETAIL}$`));

    // The seller card's buttons (the footer lists the numbers too, as plain links).
    await expect(page.getByLabel("Call +44 20 7946 0958", { exact: true })).toHaveAttribute("href", "tel:+442079460958");
    const whatsapp = page.getByLabel("WhatsApp +971 50 123 4567", { exact: true });
    await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/971501234567\?text=/);
    expect(decodeURIComponent((await whatsapp.getAttribute("href"))!.split("?text=")[1]!)).toBe(
      `Hello, I am interested in ${GULFSTREAM.title}: ${baseURL}${DETAIL}`,
    );
  });
});

test.describe("with rates older than RATES_STALE_SECONDS", () => {
  test.use({ isolatedServerEnv: { RATES_STALE_SECONDS: "1" } });

  test("cards and the detail page say the rates are out of date, and still show the equivalents", async ({ page }) => {
    await page.goto(CARDS);
    await expect(card(page).getByText(OUT_OF_DATE)).toBeVisible();
    await expect(card(page).getByText(/BTC 43\.8889/)).toBeVisible();
    await page.goto(DETAIL);
    const header = detailHeader(page);
    await expect(header.getByRole("list", { name: "In digital currency" }).getByRole("listitem")).toHaveCount(3);
    await expect(header.getByText(/\(out of date\)/)).toBeVisible();
    await expect(header.getByText(/^Rates at/)).toHaveCount(0);
  });
});

test.describe("with no rates ever fetched", () => {
  test.use({ isolatedServerEnv: { E2E_RATES: "none" } });

  test("cards and the detail page show the price in its own currency and hide the equivalents, never zero", async ({ page }) => {
    await page.goto(CARDS);
    await expect(card(page).getByText("USD 3,950,000", { exact: true })).toBeVisible();
    await expect(card(page).getByText(/BTC|ETH|XRP|Rates/)).toHaveCount(0);
    await page.goto(DETAIL);
    const header = detailHeader(page);
    await expect(header.getByText("USD 3,950,000", { exact: true })).toBeVisible();
    await expect(header.getByRole("list", { name: "In digital currency" })).toHaveCount(0);
    await expect(header.getByText(/BTC|Rates/)).toHaveCount(0);
  });
});
