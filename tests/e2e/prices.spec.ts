import { expect, expectAccessible, test } from "./fixtures";

const GULFSTREAM = "/jets/e2e-priced-gulfstream";

test.describe("prices in digital currency", () => {
  test("a detail page shows the price, its BTC, ETH and XRP equivalents with the rates' time, JSON-LD and similar listings", async ({ page }) => {
    // A whole detail page with a gallery, a form and similar listings for axe: slower than most.
    test.slow();
    await page.goto(GULFSTREAM);
    const header = page.locator("header", { has: page.getByRole("heading", { level: 1 }) });
    await expect(header.getByText("USD 3,950,000", { exact: true })).toBeVisible();
    // 3,950,000 ÷ 90,000; ÷ 3,000; ÷ 2.31, at the fixtures' rates.
    await expect(header.getByRole("list", { name: "In digital currency" }).getByRole("listitem")).toHaveText([
      "≈ BTC 43.8889",
      "≈ ETH 1,316.667",
      "≈ XRP 1,709,957",
    ]);
    await expect(header.getByText(/^Rates at \d\d:\d\d UTC\. The final amount is fixed when the deal is agreed\.$/)).toBeVisible();

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "") as {
      "@graph": Record<string, unknown>[];
    };
    expect(jsonLd["@graph"].map((node) => node["@type"])).toEqual(["Vehicle", "Organization", "BreadcrumbList"]);
    expect(jsonLd["@graph"][0]).toMatchObject({ name: "E2E Priced Gulfstream G650", offers: { price: "3950000.00", priceCurrency: "USD" } });

    const similar = page.getByRole("region", { name: "Similar listings" });
    await expect(similar.getByRole("heading", { level: 3 }).first()).toBeVisible();
    // The closest in price among the jets: the Falcon (EUR 1,200,000).
    await expect(similar.getByRole("link", { name: "E2E Priced Falcon 7X" })).toBeVisible();
    await expectAccessible(page);
  });

  test("without JavaScript, the top bar's currency form sets ws_currency and prices follow it", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(GULFSTREAM);
    await page.getByLabel("Show prices in").selectOption("EUR");
    await page.getByRole("button", { name: "Set" }).click();
    await expect(page).toHaveURL(new RegExp(`${GULFSTREAM}$`));
    const header = page.locator("header", { has: page.getByRole("heading", { level: 1 }) });
    // 3,950,000 ÷ 1.16, in whole euros.
    await expect(header.getByText("EUR 3,405,172")).toBeVisible();
    await expect(header.getByText("Listed at USD 3,950,000")).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === "ws_currency")?.value).toBe("EUR");
    await context.close();
  });

  test("with JavaScript, choosing a coin applies at once, on cards too", async ({ page }) => {
    // Two page loads and axe.
    test.slow();
    await page.goto("/jets?location=greenland");
    await page.getByLabel("Show prices in").selectOption("BTC");
    const card = page.getByRole("article").filter({ hasText: "E2E Priced Gulfstream G650" });
    // "About" is read by screen readers, "≈" is what the eye sees.
    await expect(card.getByText(/^About ≈ BTC 43\.8889$/)).toBeVisible();
    await expect(card.getByText(/^About ≈ ETH 1,316\.667 · XRP 1,709,957$/)).toBeVisible();
    await expect(page).toHaveURL(/\/jets\?location=greenland$/);
    await expectAccessible(page);
  });

  test("a coin chosen before the page's scripts have run still applies (the plain way)", async ({ page }) => {
    // The modules never arrive: the page stays as the server sent it, as it is for a moment on a slow phone.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/jets?location=greenland");
    await page.getByLabel("Show prices in").selectOption("ETH");
    const card = page.getByRole("article").filter({ hasText: "E2E Priced Gulfstream G650" });
    await expect(card.getByText(/^About ≈ ETH 1,316\.667$/)).toBeVisible();
    await expect(page).toHaveURL(/\/jets\?location=greenland$/);
    await expect(page.getByLabel("Show prices in")).toHaveValue("ETH");
  });

  test("price sort puts listings on request last and says so; a price range leaves them out", async ({ page }) => {
    await page.goto("/jets?location=greenland");
    await page.getByText("Sort by: featured").click();
    await page.getByRole("link", { name: "Price: high to low" }).click();
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(page.getByText("Listings with the price on request are shown last.")).toBeVisible();
    // USD 3,950,000, then EUR 1,200,000 (about USD 1,392,000), then on request.
    await expect(page.getByRole("article").getByRole("heading", { level: 3 })).toHaveText([
      "E2E Priced Gulfstream G650",
      "E2E Priced Falcon 7X",
      "E2E On Request Legacy 600",
    ]);
    await page.goto("/jets?location=greenland&sort=price-asc");
    await expect(page.getByRole("article").getByRole("heading", { level: 3 })).toHaveText([
      "E2E Priced Falcon 7X",
      "E2E Priced Gulfstream G650",
      "E2E On Request Legacy 600",
    ]);
    await page.goto("/jets?location=greenland");
    await page.getByText(/^Filters/).click();
    await page.locator('select[name="price"]').selectOption({ label: "Under USD 10M" });
    await expect(page).toHaveURL(/price=0-10m/);
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(page.getByText("Listings with the price on request are not in a price range.")).toBeVisible();
  });

  test("metals sort by price both ways, with no Newest (they have no year)", async ({ page }) => {
    await page.goto("/metals");
    await page.getByText("Sort by: featured").click();
    const menu = page.locator("details[open]");
    await expect(menu.getByRole("link")).toHaveText(["Featured", "Price: high to low", "Price: low to high"]);
    await menu.getByRole("link", { name: "Price: low to high" }).click();
    await expect(page).toHaveURL(/\/metals\?sort=price-asc$/);
    await expect(page.getByText("Sort by: price, low to high")).toBeVisible();
    await expect(page.getByText("Listings with the price on request are shown last.")).toBeVisible();
  });
});
