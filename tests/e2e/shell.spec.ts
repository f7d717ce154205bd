import { refusedInlineScripts } from "../setup/csp";
import { deferredReady, expect, expectAccessible, hydrated, test } from "./fixtures";

test.describe("public shell", () => {
  test("the side menu opens from the button, traps focus, and closes on Escape, backdrop, close button and a link", async ({ page }) => {
    // A long walk (fourteen focus steps, an accessibility scan, four ways to close): on a busy two-core machine it has
    // taken close to the default 30 s.
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    // The focus trap and the modal backdrop belong to the scripted menu, which works once the page has hydrated.
    await hydrated(page);
    const button = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeHidden();

    await button.click();
    await expect(menu).toBeVisible();
    for (const label of ["Home", "Real Estate", "Cars", "Metals", "Yachts", "Jets", "About Us", "Contact Us"]) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByText("India")).toBeVisible();
    await expect(menu.getByRole("link", { name: "ceo.whitestreams@gmail.com" })).toBeVisible();
    await expectAccessible(page);

    // Focus stays inside the open menu.
    for (let step = 0; step < 14; step++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("#site-menu") !== null)).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(380, 400); // the backdrop, right of the 320 px panel
    await expect(menu).toBeHidden();

    await button.click();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await button.click();
    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });

  test("on a slow phone the menu opens at the first press, before the page's scripts have run, and stays open as they arrive", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The page's modules are held back, as on a slow network: only the HTML, its styles and its inline scripts are there.
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const button = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    await button.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Cars", exact: true })).toBeVisible();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu).toBeVisible();
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "");

    // The scripts arrive while it is open: hydration keeps it open and takes it over (Escape, the button's state).
    releaseScripts();
    await hydrated(page);
    await deferredReady(page, "side-menu");
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(menu).toBeVisible();
  });

  test("a page reached by a client-side navigation is drawn complete: a category's cards are there the moment it shows", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/about");
    await hydrated(page);
    // The route's data is slowed: its deferred grid's code then has time to come with it (without that, the code would
    // only be asked for once the page is drawn, and the page would show for a moment without its cards).
    await page.route(/\/cars\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { cardsWhenShown: number[] }).cardsWhenShown = seen;
      new MutationObserver(() => {
        const grid = document.querySelector('[data-deferred="listing-grid"]');
        if (grid && seen.length === 0) seen.push(grid.querySelectorAll("a[href]").length);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole("navigation", { name: "Collections" }).first().getByRole("link", { name: "Cars" }).click();
    await expect(page).toHaveURL(/\/cars$/);
    await expect(page.locator('[data-deferred="listing-grid"] a[href]').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cardsWhenShown: number[] }).cardsWhenShown[0])).toBeGreaterThan(0);
  });

  test("keyboard focus shows: on a card's link (drawn round the whole card), a hero slide and the currency choice", async ({ page }) => {
    await page.goto("/cars");
    await page.keyboard.press("Tab");
    const card = page.locator("article h3 a").first();
    await card.focus();
    // The link's ::after covers the card; the outline is drawn on it, in gold, inside the card's clipped edge.
    expect(
      await card.evaluate((link) => [
        getComputedStyle(link, "::after").outlineStyle,
        parseFloat(getComputedStyle(link, "::after").outlineOffset) < 0,
      ]),
    ).toEqual(["solid", true]);
    const currency = page.getByRole("combobox", { name: "Show prices in" });
    await currency.focus();
    expect(await currency.evaluate((select) => getComputedStyle(select).outlineStyle)).toBe("solid");
    // Unfocused, neither shows one.
    await page.locator("main h1").click();
    expect(await card.evaluate((link) => getComputedStyle(link, "::after").outlineStyle)).toBe("none");
    expect(await currency.evaluate((select) => getComputedStyle(select).outlineStyle)).toBe("none");

    await page.goto("/");
    const slide = page.locator("section a[tabindex='0']").first();
    await slide.focus();
    // Inside the slide, so the carousel's overflow does not clip it.
    expect(await slide.evaluate((link) => [getComputedStyle(link).outlineStyle, parseFloat(getComputedStyle(link).outlineOffset) < 0])).toEqual([
      "solid",
      true,
    ]);
  });

  test("desktop top bar links to the five categories and the site name goes home", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Collections" }).first();
    for (const [name, path] of [
      ["Real Estate", "/real-estate"],
      ["Cars", "/cars"],
      ["Metals", "/metals"],
      ["Yachts", "/yachts"],
      ["Jets", "/jets"],
    ] as const) {
      await expect(nav.getByRole("link", { name })).toHaveAttribute("href", path);
    }
    await page.getByRole("banner").getByRole("link", { name: "White Streams" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("every route change scrolls to the top", async ({ page }) => {
    await page.goto("/");
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("an unknown URL answers 404 with the designed page", async ({ page }) => {
    const response = await page.goto("/no-such-page/at/all");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page is not in our collection" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Return home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the footer lists the categories, About, Contact and the accepted currencies", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const name of ["Real Estate", "Cars", "Metals", "Yachts", "Jets", "About Us", "Contact Us"]) {
      await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    for (const currency of ["Bitcoin", "Ethereum", "XRP"]) await expect(footer.getByRole("img", { name: currency })).toBeVisible();
  });

  test("hydrating a page and fetching its deferred parts does not add its stylesheet a second time", async ({ page }) => {
    // A second copy of the stylesheet makes the browser restyle, lay out and repaint the whole page mid-hydration.
    await page.goto("/cars/bugatti-chiron-2019");
    await hydrated(page);
    // By then the deferred parts' code (the gallery, the enquiry form, similar listings) has been fetched.
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: "Contact Agent" })).toBeVisible();
    const stylesheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname),
    );
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(stylesheets).toEqual([...new Set(stylesheets)]);
  });

  test("pages carry the security headers, and their policy allows exactly their own inline scripts", async ({ page }) => {
    // Twice: the first answer may be rendered (scripts allowed by its nonce) and the second comes from the page cache
    // (scripts allowed by their hashes); either way nothing inline runs that the policy does not name.
    for (const attempt of [1, 2]) {
      const response = await page.goto("/");
      const headers = response?.headers() ?? {};
      const csp = headers["content-security-policy"] ?? "";
      expect(csp, `answer ${attempt}`).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).toMatch(/script-src 'self' '(nonce|sha256)-/);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["x-powered-by"]).toBeUndefined();
      const html = await response!.text();
      expect([...html.matchAll(/<script\b[^>]*>/g)].length).toBeGreaterThan(0);
      expect(refusedInlineScripts(html, csp)).toEqual([]);
    }
  });
});
