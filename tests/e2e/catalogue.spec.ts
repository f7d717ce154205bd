import type { Locator, Page } from "@playwright/test";
import { HIDDEN_LISTING } from "../setup/e2e-fixtures";
import { expect, expectAccessible, hydrated, test } from "./fixtures";

const cardTitles = (page: Page) => page.getByRole("main").locator("article h3");
const openFilters = (page: Page) => page.locator("summary", { hasText: "Filters" }).click();

test.describe("category pages", () => {
  for (const [path, title, hasSort] of [
    ["/real-estate", "Luxury Real Estate", true],
    ["/cars", "Luxury Cars", true],
    // Metals sort by price only (docs/decisions/0026).
    ["/metals", "Precious Metals", true],
    ["/yachts", "Luxury Yachts", true],
    ["/jets", "Luxury Jets", true],
  ] as const) {
    test(`${path} shows its hero, search, filters${hasSort ? ", sort" : ""} and cards`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByPlaceholder("Search listings...")).toBeVisible();
      await expect(page.getByText("Filters", { exact: true })).toBeVisible();
      await expect(page.getByText("Sort by: featured")).toHaveCount(hasSort ? 1 : 0);
      // At least the seeded listings (the model test counts them exactly): other specs add listings of their own.
      await expect
        .poll(() => cardTitles(page).count())
        .toBeGreaterThanOrEqual({ "/real-estate": 5, "/cars": 4, "/metals": 3, "/yachts": 4, "/jets": 4 }[path]);
      await openFilters(page);
      await expect(page.getByRole("combobox", { name: "Year" })).toHaveCount(path === "/metals" ? 0 : 1);
      await expect(page.getByRole("combobox", { name: "Bedrooms" })).toHaveCount(path === "/real-estate" ? 1 : 0);
      await expectAccessible(page);
    });
  }

  test("words typed into the search before the scripts arrive are kept, and searched once the page hydrates", async ({ page }) => {
    // The scripts wait for the first paint (and a slow network): a visitor may well type first.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto("/cars", { waitUntil: "domcontentloaded" });
    const search = page.getByPlaceholder("Search listings...");
    await search.pressSequentially("ferr");
    releaseScripts();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page).toHaveURL(/\/cars\?q=ferr$/);
    await expect(search).toHaveValue("ferr");
    await expect(cardTitles(page)).toHaveText(["1990 Ferrari F40"]);
  });

  test("search matches title, location or highlight on every keystroke, without history entries", async ({ page }) => {
    await page.goto("/");
    await page.goto("/cars");
    const search = page.getByPlaceholder("Search listings...");
    await search.pressSequentially("ferr");
    await expect(page).toHaveURL(/\/cars\?q=ferr$/);
    await expect(cardTitles(page)).toHaveText(["1990 Ferrari F40"]);
    await search.fill("BEVERLY");
    await expect(cardTitles(page)).toHaveText(["2019 Bugatti Chiron"]);
    await search.fill("v12 engine");
    await expect(cardTitles(page)).toHaveText(["2012 Lamborghini Aventador LP 700-4 Coupe 2D"]);
    // Typing replaced the entry: back leaves the category page.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an empty result says so and offers to clear the filters", async ({ page }) => {
    await page.goto("/yachts?q=submarine");
    await expect(page.getByRole("heading", { name: "No listings match your search" })).toBeVisible();
    // Said once on screen: the count above the box is for screen readers only (a 1-pixel clipped box).
    const count = page.getByRole("status");
    await expect(count).toHaveText("0 listings match your search");
    expect((await count.boundingBox())?.height).toBeLessThanOrEqual(1);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Clear filters" }).last().click();
    await expect(page).toHaveURL(/\/yachts$/);
    await expect(cardTitles(page)).toHaveCount(4);
  });

  test("filters: location, bedrooms, property type and year follow the spec", async ({ page }) => {
    await page.goto("/real-estate");
    await openFilters(page);
    const location = page.getByRole("combobox", { name: "Location" });
    await expect(location.locator("option").first()).toHaveText("All Locations");
    await location.selectOption("spain");
    await expect(page).toHaveURL(/location=spain/);
    await expect(cardTitles(page)).toHaveCount(2);

    await page.goto("/real-estate?bedrooms=5");
    await expect(cardTitles(page)).toHaveText(["Luxury 5 Bedroom Villa in Nad Al Sheba"]);
    await openFilters(page);
    await expect(page.getByRole("combobox", { name: "Bedrooms" }).locator("option")).toHaveText([
      "Any",
      "1 Bedroom",
      "2 Bedrooms",
      "3 Bedrooms",
      "4 Bedrooms",
      "5 Bedrooms",
      "6 Bedrooms",
      "7 Bedrooms",
      "8+ Bedrooms",
    ]);
    await page.getByRole("combobox", { name: "Property Type" }).selectOption("penthouse");
    await expect(page).toHaveURL(/type=penthouse/);
    await expect(page.getByRole("heading", { name: "No listings match your search" })).toBeVisible();

    await page.goto("/cars");
    await openFilters(page);
    const year = page.getByRole("combobox", { name: "Year" });
    await expect(year.locator("option")).toHaveText(["All Years", "2024+", "2020-2023", "2015-2019", "Before 2015"]);
    await year.selectOption("-2015");
    await expect(page).toHaveURL(/year=-2015/);
    await expect(cardTitles(page)).toHaveText(["2012 Lamborghini Aventador LP 700-4 Coupe 2D", "1990 Ferrari F40"]);
  });

  test("sort: Featured keeps the catalogue order, Newest orders by year; choosing closes the menu", async ({ page }) => {
    await page.goto("/cars");
    await page.getByText("Sort by: featured").click();
    await page.getByRole("link", { name: "Newest" }).click();
    await expect(page).toHaveURL(/sort=newest/);
    await expect(page.getByText("Sort by: newest")).toBeVisible();
    await expect(page.getByRole("link", { name: "Featured" })).toBeHidden();
    await expect(cardTitles(page)).toHaveText([
      "2025 McLaren Artura TechLux",
      "2019 Bugatti Chiron",
      "2012 Lamborghini Aventador LP 700-4 Coupe 2D",
      "1990 Ferrari F40",
    ]);
  });

  test("the URL restores the view, and back from a listing returns to the same filtered view", async ({ page }) => {
    await page.goto("/cars?year=2015-2019&sort=newest");
    await expect(cardTitles(page)).toHaveText(["2019 Bugatti Chiron"]);
    await openFilters(page);
    await expect(page.getByRole("combobox", { name: "Year" })).toHaveValue("2015-2019");
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "2019 Bugatti Chiron" }).click();
    await expect(page).toHaveURL(/\/cars\/bugatti-chiron-2019$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/cars\?year=2015-2019&sort=newest$/);
    await expect(cardTitles(page)).toHaveText(["2019 Bugatti Chiron"]);

    await page.goto("/cars?q=lamb");
    await page.getByPlaceholder("Search listings...").fill("mcl");
    await expect(cardTitles(page)).toHaveText(["2025 McLaren Artura TechLux"]);
    await page.getByText("Sort by: featured").click();
    await page.getByRole("link", { name: "Newest" }).click();
    await expect(page).toHaveURL(/q=mcl&sort=newest/);
    await page.goBack();
    await expect(page.getByPlaceholder("Search listings...")).toHaveValue("mcl");
  });

  test("filters and search work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/cars");
    await page.getByPlaceholder("Search listings...").fill("chiron");
    await page.getByPlaceholder("Search listings...").press("Enter");
    await expect(page).toHaveURL(/q=chiron/);
    await expect(cardTitles(page)).toHaveText(["2019 Bugatti Chiron"]);
    await page.goto("/real-estate");
    await openFilters(page);
    await page.getByRole("combobox", { name: "Bedrooms" }).selectOption("7");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(cardTitles(page)).toHaveText(["2833 27th St Nw"]);
    // The new page opens at its results, with the count clear of the sticky bars, not at the hero.
    await expect(page).toHaveURL(/bedrooms=7&.*#results$/);
    await expect(cardTitles(page).first()).toBeInViewport();
    const bar = (await page.getByRole("search").boundingBox())!;
    expect((await page.getByRole("status").boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await context.close();
  });
});

test.describe("listing card", () => {
  test("dots switch among the first 3 images; '+N more' reveals the rest once; neither opens the listing", async ({ page }) => {
    await page.goto("/cars");
    const card = page.locator("article").filter({ hasText: "2019 Bugatti Chiron" });
    await expect(card).toHaveCSS("height", "512px");
    await expect(card.getByText("Price On Request")).toBeVisible();
    await expect(card.getByText("Beverly Hills, CA, United States · 2019")).toBeVisible();
    await expect(card.getByRole("list", { name: "Highlights" }).getByRole("listitem")).toHaveCount(3);
    const dots = card.getByRole("button", { name: /^Show image/ });
    await expect(dots).toHaveCount(3);
    // The dots are rendered with the page but switch images only once it has hydrated.
    await hydrated(page);
    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(page).toHaveURL(/\/cars$/);
    await card.getByRole("button", { name: "+11 more" }).click();
    await expect(page).toHaveURL(/\/cars$/);
    await expect(dots).toHaveCount(14);
    await expect(card.getByRole("button", { name: /more$/ })).toHaveCount(0);
    // The button went away: the first photo it revealed is shown, and its dot has the focus (not the page's body).
    await expect(dots.nth(3)).toBeFocused();
    await expect(dots.nth(3)).toHaveAttribute("aria-current", "true");
    // Anywhere else on the card opens the listing.
    await card.click({ position: { x: 200, y: 420 } });
    await expect(page).toHaveURL(/\/cars\/bugatti-chiron-2019$/);
  });

  test("cards fit a 390 px phone without sideways scrolling, and are 384 px wide where there is room", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/cars");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    const phoneCard = await page.locator("main article").first().boundingBox();
    expect(phoneCard!.x + phoneCard!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect((await page.locator("main article").first().boundingBox())!.width).toBe(384);
  });

  test("on a phone, the controls a thumb uses are at least 44 px, and the filters' choices read as plain text", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/cars");
    await hydrated(page);
    // Measured until any opening motion (the dropdown, the side menu) has finished.
    const shortSide = (control: Locator) => expect.poll(async () => control.boundingBox().then((box) => Math.min(box!.width, box!.height)));
    const height = (control: Locator) => expect.poll(async () => control.boundingBox().then((box) => box!.height));
    await shortSide(page.getByRole("button", { name: /^Shortlist / }).first()).toBeGreaterThanOrEqual(44);
    await openFilters(page);
    await height(page.getByRole("link", { name: "Clear filters" })).toBeGreaterThanOrEqual(44);
    // The labels are small letter-spaced capitals; what is chosen inside a select is not.
    const location = page.getByRole("combobox", { name: "Location" });
    expect(await location.evaluate((select) => [getComputedStyle(select).textTransform, getComputedStyle(select).letterSpacing])).toEqual([
      "none",
      "normal",
    ]);
    await page.getByRole("button", { name: "Open menu" }).click();
    await shortSide(page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Close menu" })).toBeGreaterThanOrEqual(44);
    await page.goto("/cars/bugatti-chiron-2019");
    await height(page.getByRole("link", { name: "Back to Listings" })).toBeGreaterThanOrEqual(44);
  });

  test("images reserve their space, carry a srcset and sizes, and only the hero loads eagerly and first", async ({ page }) => {
    await page.goto("/cars");
    const images = page.locator("main img");
    const attributes = await images.evaluateAll((nodes) =>
      nodes.map((img) => ({
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        srcset: img.getAttribute("srcset"),
        sizes: img.getAttribute("sizes"),
        loading: img.getAttribute("loading"),
        priority: img.getAttribute("fetchpriority"),
      })),
    );
    expect(attributes.length).toBeGreaterThan(4);
    for (const image of attributes) {
      expect(image.width && image.height).toBeTruthy();
      expect(image.srcset).toContain("?w=640 640w");
      expect(image.sizes).toBeTruthy();
    }
    expect(attributes.filter((image) => image.priority === "high")).toHaveLength(1);
    expect(attributes[0]?.priority).toBe("high");
    // The others wait: lazy, and low priority even once on the screen, so none shares the hero's bandwidth.
    expect(attributes.slice(1).every((image) => image.loading === "lazy" && image.priority === "low")).toBe(true);
  });

  test("on a phone, a card's picture far below the fold is fetched only as the reader nears it, and its frame keeps its place", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Which pictures the browser asks for (the seeded ones live on another host: each is answered with nothing).
    const requested: string[] = [];
    await page.route(/image931\.wordpress\.com/, (route) => {
      requested.push(route.request().url().split("?")[0]!);
      return route.fulfill({ status: 404 });
    });
    await page.goto("/real-estate", { waitUntil: "load" });
    const hero = await page.locator('main img[fetchpriority="high"]').getAttribute("src");
    expect(requested).toContain(hero!.split("?")[0]);

    // A card well beyond half a screen below the fold, but near enough for the browser's own lazy loading (which
    // looks 1,250 px ahead on a fast connection) to have asked for its picture at once.
    const frames = page.locator("main article .image-frame");
    const tops = await frames.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().top));
    const index = tops.findIndex((top) => top > 844 * 1.6 && top < 844 + 1200);
    expect(index).toBeGreaterThan(0);
    const frame = frames.nth(index);
    const picture = (await frame.locator("img:not(.image-blur)").getAttribute("src"))!.split("?")[0]!;
    expect(picture).not.toBe(hero!.split("?")[0]);
    const before = (await frame.boundingBox())!;
    await page.waitForTimeout(500);
    expect(requested).not.toContain(picture);

    await frame.scrollIntoViewIfNeeded();
    await expect.poll(() => requested.includes(picture)).toBe(true);
    const after = (await frame.boundingBox())!;
    expect([after.width, after.height]).toEqual([before.width, before.height]);
  });
});

test.describe("detail page", () => {
  test("shows the listing, its specifications under the category heading, features and the seller", async ({ page }) => {
    await page.goto("/cars/bugatti-chiron-2019");
    await expect(page).toHaveTitle(/2019 Bugatti Chiron/);
    await expect(page.getByRole("heading", { level: 1, name: "2019 Bugatti Chiron" })).toBeVisible();
    await expect(page.getByText("Beverly Hills, CA, United States · 2019")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Vehicle Details" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Key Features" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "About", exact: true })).toBeVisible();
    const seller = page.getByRole("complementary");
    await expect(seller.getByRole("heading", { name: "White Streams" })).toBeVisible();
    await expect(seller.getByText("Premier Luxury Marketplace")).toBeVisible();
    await expect(seller.getByText("India")).toBeVisible();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(/\/cars\/bugatti-chiron-2019$/);
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toContain("image931.wordpress.com");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to Listings" }).click();
    await expect(page).toHaveURL(/\/cars$/);
  });

  test("desktop gallery: arrows wrap around, 4 thumbnails, '+N more' expands, keyboard works", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/cars/bugatti-chiron-2019");
    const gallery = page.locator('[aria-roledescription="gallery"]');
    await expect(gallery).toHaveAccessibleName("Photo 1 of 14");
    await page.getByRole("button", { name: "Previous photo" }).click();
    await expect(gallery).toHaveAccessibleName("Photo 14 of 14");
    await page.getByRole("button", { name: "Next photo" }).click();
    await expect(gallery).toHaveAccessibleName("Photo 1 of 14");
    const strip = page.getByTestId("gallery-strip");
    await expect(strip.getByRole("listitem")).toHaveCount(4);
    // The tile covers the 4th thumbnail, so it counts it among the hidden photos (14 - 3).
    await strip.getByRole("button", { name: "+11 more" }).click();
    await expect(strip.getByRole("listitem")).toHaveCount(14);
    // The tile went away: the thumbnail it covered has the focus.
    await expect(strip.getByRole("button", { name: "Show photo 4" })).toBeFocused();
    await strip.getByRole("button", { name: "Show photo 9" }).click();
    await expect(gallery).toHaveAccessibleName("Photo 9 of 14");
    await gallery.focus();
    await page.keyboard.press("ArrowRight");
    await expect(gallery).toHaveAccessibleName("Photo 10 of 14");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(gallery).toHaveAccessibleName("Photo 8 of 14");
  });

  test("phone gallery: 'View All N Photos' reveals the rest, and a swipe moves the main image", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto("/yachts/spitfire");
    await expect(page.getByTestId("gallery-strip")).toBeHidden();
    const toggle = page.getByRole("button", { name: /^View All \d+ Photos$/ });
    await expect(toggle).toBeVisible();
    const total = Number((await toggle.textContent())?.match(/\d+/)?.[0]);
    await toggle.click();
    await expect(page.getByRole("list", { name: "All photos" }).getByRole("listitem")).toHaveCount(total - 1);
    const gallery = page.locator('[aria-roledescription="gallery"]');
    // A swipe is the script's: without it the page offers the arrows and the list above.
    await hydrated(page);
    await gallery.dispatchEvent("touchstart", { touches: [{ identifier: 1, clientX: 300, clientY: 200 }] });
    await gallery.dispatchEvent("touchend", { changedTouches: [{ identifier: 1, clientX: 100, clientY: 200 }] });
    await expect(gallery).toHaveAccessibleName(`Photo 2 of ${total}`);
    await expectAccessible(page);
    await context.close();
  });

  test("an unknown id answers 404 with the category's plain message", async ({ page }) => {
    for (const [path, message] of [
      ["/real-estate/nowhere", "Property not found"],
      ["/cars/nowhere", "Car not found"],
      ["/metals/nowhere", "Investment not found"],
      ["/yachts/nowhere", "Yacht not found"],
      ["/jets/nowhere", "Aircraft not found"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: message })).toBeVisible();
    }
    await expectAccessible(page);
  });

  test("a hidden listing appears nowhere: not in its category, not in search, not reachable", async ({ page }) => {
    const response = await page.goto(`/real-estate/${HIDDEN_LISTING.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Property not found" })).toBeVisible();
    await page.goto(`/real-estate?q=${encodeURIComponent("Hidden Test Estate")}`);
    await expect(page.getByRole("heading", { name: "No listings match your search" })).toBeVisible();
    await page.goto("/real-estate");
    await expect(page.getByText(HIDDEN_LISTING.title)).toHaveCount(0);
    await openFilters(page);
    await expect(page.getByRole("combobox", { name: "Location" }).locator("option", { hasText: "Portugal" })).toHaveCount(0);
  });
});
