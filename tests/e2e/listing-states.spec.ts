import { HOME_PROMO_LISTING, SOLD_LISTING, UNDER_OFFER_LISTING } from "../setup/e2e-fixtures";
import { signInAsAdmin } from "./admin-session";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

/** The detail page's own header (similar listings below it carry badges of their own). */
const listingHeader = (page: Page) => page.locator("header", { has: page.getByRole("heading", { level: 1 }) });

/** What visitors see of each status, and the gallery without JavaScript. Each test uses its own fixture listing. */
test.describe("listing states on the public site", () => {
  test("an under-offer listing carries its badge on the card and the page, and still takes enquiries", async ({ page }) => {
    await page.goto(`/jets?q=${encodeURIComponent(UNDER_OFFER_LISTING.title)}`);
    const card = page.locator("article", { hasText: UNDER_OFFER_LISTING.title });
    await expect(card.getByTestId("status-badge")).toHaveText("Under Offer");
    await card.getByRole("link", { name: UNDER_OFFER_LISTING.title }).click();
    await expect(page.getByRole("heading", { level: 1, name: UNDER_OFFER_LISTING.title })).toBeVisible();
    await expect(listingHeader(page).getByTestId("status-badge")).toHaveText("Under Offer");
    await expect(page.getByRole("button", { name: "Contact Agent" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a sold listing is left out of the list unless asked for, and its page has a Sold state and no enquiry form", async ({ page }) => {
    await page.goto(`/jets?q=${encodeURIComponent(SOLD_LISTING.title)}`);
    await expect(page.getByRole("heading", { name: "No listings match your search" })).toBeVisible();
    await page.locator("summary", { hasText: "Filters" }).click();
    await page.getByRole("checkbox", { name: "Show sold listings" }).check();
    await expect(page).toHaveURL(/sold=1/);
    const card = page.locator("article", { hasText: SOLD_LISTING.title });
    await expect(card.getByTestId("status-badge")).toHaveText("Sold");
    const response = await page.goto(`/jets/${SOLD_LISTING.id}`);
    expect(response?.status()).toBe(200);
    await expect(listingHeader(page).getByTestId("status-badge")).toHaveText("Sold");
    await expect(page.getByRole("heading", { name: "This listing has been sold" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Contact Agent" })).toHaveCount(0);
    await expectAccessible(page);
    // An enquiry posted anyway (an old tab) is refused.
    const posted = await page.request.post(`/jets/${SOLD_LISTING.id}`, {
      form: { name: "Late Visitor", email: "late@example.test", message: "Is it still available?", submission_id: crypto.randomUUID() },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(posted.status()).toBe(409);
  });

  test("a listing staff put on the home carousel leaves the home page as soon as they hide it", async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInAsAdmin(page);
    const slideLinks = async () =>
      page.locator('[aria-roledescription="slide"] a').evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    const path = `/jets/${HOME_PROMO_LISTING.id}`;

    await page.goto(`/edit/listings/${HOME_PROMO_LISTING.id}`);
    await page.getByRole("checkbox", { name: /On the home carousel/ }).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/saved=1/);
    await page.goto("/");
    expect(await slideLinks()).toContain(path);

    await page.goto(`/edit/listings/${HOME_PROMO_LISTING.id}`);
    await page.getByRole("checkbox", { name: /Show on the site/ }).uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/saved=1/);
    await page.goto("/");
    expect(await slideLinks()).not.toContain(path);
    expect((await page.goto(path))?.status()).toBe(404);
    await context.close();
  });
});

test.describe("the gallery without JavaScript", () => {
  test("desktop: arrows, thumbnails and '+N more' reach every photo", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto("/cars/bugatti-chiron-2019");
    const gallery = page.locator('[aria-roledescription="gallery"]');
    await expect(gallery).toHaveAccessibleName("Photo 1 of 14");
    await page.getByRole("button", { name: "Previous photo" }).click();
    await expect(page).toHaveURL(/\?photo=14#gallery$/);
    await expect(gallery).toHaveAccessibleName("Photo 14 of 14");
    await page.getByRole("button", { name: "Next photo" }).click();
    await expect(gallery).toHaveAccessibleName("Photo 1 of 14");
    const strip = page.getByTestId("gallery-strip");
    await expect(strip.getByRole("listitem")).toHaveCount(4);
    await strip.getByRole("button", { name: "+11 more" }).click();
    await expect(strip.getByRole("listitem")).toHaveCount(14);
    await strip.getByRole("button", { name: "Show photo 12" }).click();
    await expect(gallery).toHaveAccessibleName("Photo 12 of 14");
    await context.close();
  });

  test("phone: 'View All N Photos' shows them all", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/yachts/spitfire");
    const toggle = page.getByRole("button", { name: /^View All \d+ Photos$/ });
    const total = Number((await toggle.textContent())?.match(/\d+/)?.[0]);
    await toggle.click();
    await expect(page.getByRole("list", { name: "All photos" }).getByRole("listitem")).toHaveCount(total - 1);
    await page.getByRole("button", { name: "Show Fewer Photos" }).click();
    await expect(page.getByRole("list", { name: "All photos" })).toHaveCount(0);
    await context.close();
  });
});
