import { expect, expectAccessible, test } from "./fixtures";

test.describe("home", () => {
  test("the carousel advances every 4 seconds until an arrow or a dot is clicked, then never again", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const dots = page.getByRole("group", { name: "Choose slide" }).getByRole("button");
    // The crypto slide and the three staff-chosen listings (listing-states.spec.ts may add one for a moment).
    await expect.poll(() => dots.count()).toBeGreaterThanOrEqual(4);
    const count = await dots.count();
    const currentDot = () => page.getByRole("group", { name: "Choose slide" }).locator('[aria-current="true"]');
    await expect(currentDot()).toHaveAccessibleName(/^Slide 1:/);

    await page.clock.runFor(4100);
    await expect(currentDot()).toHaveAccessibleName(/^Slide 2:/);
    await page.clock.runFor(4000);
    await expect(currentDot()).toHaveAccessibleName(/^Slide 3:/);

    await page.getByRole("button", { name: "Slide 1: World's Luxury for Digital Currency" }).click();
    await expect(currentDot()).toHaveAccessibleName(/^Slide 1:/);
    await page.mouse.move(5, 5); // away from the carousel, so hover-pause is not what stops it
    await page.clock.runFor(20_000);
    await expect(currentDot()).toHaveAccessibleName(/^Slide 1:/);

    await page.getByRole("button", { name: "Previous slide" }).click();
    await expect(currentDot()).toHaveAccessibleName(new RegExp(`^Slide ${count}:`));
    await page.mouse.move(5, 5);
    await page.clock.runFor(12_000);
    await expect(currentDot()).toHaveAccessibleName(new RegExp(`^Slide ${count}:`));
  });

  test("an arrow click alone also stops the auto-advance for good", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await page.getByRole("button", { name: "Next slide" }).click();
    const currentDot = page.getByRole("group", { name: "Choose slide" }).locator('[aria-current="true"]');
    await expect(currentDot).toHaveAccessibleName(/^Slide 2:/);
    await page.mouse.move(5, 5);
    await page.clock.runFor(16_000);
    await expect(currentDot).toHaveAccessibleName(/^Slide 2:/);
  });

  test("visitors who prefer reduced motion get no auto-advance", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/");
    await page.clock.runFor(9000);
    await expect(page.getByRole("group", { name: "Choose slide" }).locator('[aria-current="true"]')).toHaveAccessibleName(/^Slide 1:/);
    await context.close();
  });

  test("the next slide's picture is fetched once the page has loaded, before the first advance; the others wait", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const slides = page.locator('[aria-roledescription="slide"]');
    await expect.poll(() => slides.count()).toBeGreaterThanOrEqual(4);
    // Fetched when the loaded page is idle (at the latest 1 s after the load event), not by hydration itself.
    await page.clock.runFor(1500);
    // The browser has picked a source for it and asked for it (the test catalogue's pictures need not be reachable).
    await expect
      .poll(() =>
        slides
          .nth(1)
          .locator("img")
          .last()
          .evaluate((img: HTMLImageElement) => img.currentSrc),
      )
      .toMatch(/^https?:/);
    await expect(slides.nth(2).locator("img")).toHaveCount(0);
    await expect(slides.nth(3).locator("img")).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Choose slide" }).locator('[aria-current="true"]')).toHaveAccessibleName(/^Slide 1:/);
  });

  test("each slide, category tile and trending card goes to its path", async ({ page }) => {
    await page.goto("/");
    const slides = page.locator('[aria-roledescription="slide"] a');
    await expect.poll(() => slides.count()).toBeGreaterThanOrEqual(4);
    expect((await slides.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).slice(0, 4)).toEqual([
      "/about",
      "/real-estate/nad-al-sheba-villa",
      "/cars/bugatti-chiron-2019",
      "/yachts/spitfire",
    ]);
    const categories = page.getByRole("region", { name: "Categories" }).getByRole("link");
    expect(await categories.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/real-estate",
      "/cars",
      "/metals",
      "/yachts",
      "/jets",
    ]);
    const trending = page.getByRole("region", { name: "Trending Now" });
    await expect(trending.getByText("Most viewed this week")).toBeVisible();
    expect(await trending.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/real-estate/nad-al-sheba-villa",
      "/cars/bugatti-chiron-2019",
      "/yachts/spitfire",
    ]);
    await trending.getByRole("link", { name: /2019 Bugatti Chiron/ }).click();
    await expect(page).toHaveURL(/\/cars\/bugatti-chiron-2019$/);
    await expect(page.getByRole("heading", { level: 1, name: "2019 Bugatti Chiron" })).toBeVisible();
  });

  test("shows the about blurb, the feature cards, partners and leadership", async ({ page }) => {
    // The accessibility scan of the whole home page takes most of this test: 20 s on a machine with slow page faults,
    // 32 s in a loaded CI run, where the default 30 s ran out once.
    test.setTimeout(60_000);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Global Reach" })).toBeVisible();
    await expect(page.getByText(/over 120 countries/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Verified Listings" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Premium Service" })).toBeVisible();
    await expect(page.getByText(/dedicated concierge/)).toBeVisible();
    const partners = page.getByRole("region", { name: "Our Partners" });
    await expect(partners.getByRole("listitem")).toHaveCount(3);
    const leadership = page.getByRole("region", { name: "Our Leadership" });
    await expect(leadership.getByRole("heading", { name: "Pranes Suriya Kumar" })).toBeVisible();
    await expect(leadership.getByText("Founder", { exact: true })).toBeVisible();
    await expect(leadership.getByText("Chief Executive Officer", { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test("works without JavaScript: the first slide and every section are in the server's HTML", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "World's Luxury for Digital Currency" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Trending Now" })).toBeVisible();
    await context.close();
  });
});

test.describe("about", () => {
  test("has the intro with the three currencies, values, mission, leadership and a call to action to /contact", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "About White Streams" })).toBeVisible();
    for (const currency of ["Bitcoin", "Ethereum", "XRP"]) await expect(page.getByRole("main").getByRole("img", { name: currency })).toBeVisible();
    for (const value of ["Vision", "Excellence", "Relationships"]) await expect(page.getByRole("heading", { name: value })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Mission" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Leadership" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Experience Luxury with White Streams" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("main").getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});
