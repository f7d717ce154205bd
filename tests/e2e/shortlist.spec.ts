import type { Page } from "@playwright/test";
import { SOLD_LISTING } from "../setup/e2e-fixtures";
import { deferredReady, expect, expectAccessible, hydrated, test } from "./fixtures";
import { waitForMail } from "./mailbox";

// Each test has its own browser context, so its own ws_shortlist cookie: tests never see each other's lists.
test.describe.configure({ timeout: 120_000 });

const McLAREN = "2025 McLaren Artura TechLux";
const LAMBORGHINI = "2012 Lamborghini Aventador LP 700-4 Coupe 2D";
const SPITFIRE = "SPITFIRE";

/** A dropped e-mail's source with its quoted-printable soft breaks and escapes undone. */
const textOf = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const heart = (page: Page, title: string) => page.getByRole("button", { name: `Shortlist ${title}` });
const shortlistLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Shortlist/ });

/**
 * With JavaScript a heart changes at the click, before its post is answered: a test that leaves or reloads the page
 * waits for the server's answers first (leaving earlier would cancel the post, as it would for a visitor).
 */
function heartPostsAnswered(page: Page, count = 1): Promise<void> {
  let answered = 0;
  return new Promise((resolve) => {
    const listener = (response: { url(): string; request(): { method(): string } }) => {
      // A fetcher posts to the action's data address (/shortlist/items.data).
      if (!new URL(response.url()).pathname.startsWith("/shortlist/items") || response.request().method() !== "POST") return;
      answered += 1;
      if (answered < count) return;
      page.off("response", listener);
      resolve();
    };
    page.on("response", listener);
  });
}

test.describe("with JavaScript", () => {
  test("hearts save at once without a page load, across categories; /shortlist lists them, shares them and passes axe", async ({ page, browser }) => {
    await page.goto("/cars");
    // The cards' hearts save in place once the cards' own code is live; before that they post the plain way.
    await deferredReady(page, "listing-grid");
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // Two quick clicks: both are kept (the posts go one after another).
    const bothStored = heartPostsAnswered(page, 2);
    await heart(page, McLAREN).click();
    await heart(page, LAMBORGHINI).click();
    await expect(heart(page, McLAREN)).toHaveAttribute("aria-pressed", "true");
    await expect(heart(page, LAMBORGHINI)).toHaveAttribute("aria-pressed", "true");
    await expect(shortlistLink(page)).toHaveAccessibleName("Shortlist, 2 saved");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await bothStored;
    await page.reload();
    await expect(heart(page, LAMBORGHINI)).toHaveAttribute("aria-pressed", "true");
    await expect(shortlistLink(page)).toHaveAccessibleName("Shortlist, 2 saved");

    await page.goto("/yachts/spitfire");
    await hydrated(page);
    const spitfireStored = heartPostsAnswered(page);
    await page.getByRole("button", { name: "Save to shortlist" }).click();
    await expect(page.getByRole("button", { name: "Saved to shortlist" })).toBeVisible();
    await expect(shortlistLink(page)).toHaveAccessibleName("Shortlist, 3 saved");
    await spitfireStored;

    await shortlistLink(page).click();
    await expect(page).toHaveURL(/\/shortlist$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your Shortlist" })).toBeVisible();
    await expect(page.getByText("3 listings across 2 categories.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Cars" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Yachts" })).toBeVisible();
    for (const title of [McLAREN, LAMBORGHINI, SPITFIRE]) await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
    await expectAccessible(page);

    // The share link opens the same list on another device (a fresh context: no cookie), which can keep it.
    const shareUrl = await page.getByRole("region", { name: "Share this shortlist" }).getByRole("link").getAttribute("href");
    expect(shareUrl).toMatch(/\/shortlist\?list=/);
    // Its Copy button comes with the part's code, fetched after hydration, and puts the same link on the clipboard.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await deferredReady(page, "share-link");
    const share = page.getByRole("region", { name: "Share this shortlist" });
    await share.getByRole("button", { name: "Copy link" }).click();
    await expect(share.getByRole("button", { name: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    const other = await browser.newContext();
    const phone = await other.newPage();
    await phone.goto(new URL(shareUrl!).pathname + new URL(shareUrl!).search);
    await expect(phone.getByRole("heading", { level: 1, name: "A Shared Shortlist" })).toBeVisible();
    for (const title of [McLAREN, LAMBORGHINI, SPITFIRE]) await expect(phone.getByRole("link", { name: title, exact: true })).toBeVisible();
    await expect(shortlistLink(phone)).toHaveAccessibleName("Shortlist");
    await phone.getByRole("button", { name: "Add to my shortlist" }).click();
    await expect(phone).toHaveURL(/\/shortlist$/);
    await expect(shortlistLink(phone)).toHaveAccessibleName("Shortlist, 3 saved");
    await other.close();

    // Taking one off on the shortlist page.
    const removed = heartPostsAnswered(page);
    await heart(page, LAMBORGHINI).click();
    await expect(shortlistLink(page)).toHaveAccessibleName("Shortlist, 2 saved");
    await removed;
    await page.reload();
    await expect(page.getByRole("link", { name: LAMBORGHINI, exact: true })).toHaveCount(0);
  });

  test("one enquiry about the whole list, with a preferred contact method", async ({ page }) => {
    await page.goto("/cars");
    await deferredReady(page, "listing-grid");
    const stored = heartPostsAnswered(page);
    await heart(page, McLAREN).click();
    await expect(shortlistLink(page)).toHaveAccessibleName("Shortlist, 1 saved");
    await stored;
    await page.goto("/shortlist");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Enquire about your shortlist" });
    await form.getByLabel("Name").fill("Grace Hopper");
    await form.getByLabel("Email").fill("grace@example.com");
    await form.getByText("WhatsApp", { exact: true }).click();
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(form.getByLabel("Phone (optional)")).toHaveAccessibleDescription("Please enter your WhatsApp number.");
    await form.getByLabel("Phone (optional)").fill("+971 50 123 4567");
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(form.getByRole("status")).toHaveText(/Your message has been sent successfully|your message has been received/);
  });
});

test.describe("a sold listing on the shortlist", () => {
  test("shows as sold and stays out of the enquiry, which covers only listings for sale", async ({ page, baseURL }) => {
    await page.goto(`/jets/${SOLD_LISTING.id}`);
    await hydrated(page);
    let stored = heartPostsAnswered(page);
    await page.getByRole("button", { name: "Save to shortlist" }).click();
    await expect(page.getByRole("button", { name: "Saved to shortlist" })).toBeVisible();
    await stored;
    await page.goto("/yachts/spitfire");
    await hydrated(page);
    stored = heartPostsAnswered(page);
    await page.getByRole("button", { name: "Save to shortlist" }).click();
    await expect(shortlistLink(page)).toHaveAccessibleName("Shortlist, 2 saved");
    await stored;

    await page.goto("/shortlist");
    await hydrated(page);
    await expect(page.getByText("2 listings across 2 categories, 1 of them sold.")).toBeVisible();
    const soldCard = page.getByRole("article").filter({ hasText: SOLD_LISTING.title });
    await expect(soldCard.getByTestId("status-badge")).toHaveText("Sold");
    const form = page.getByRole("form", { name: "Enquire about your shortlist" });
    await expect(form.getByText("One message about the listing still for sale")).toBeVisible();
    await expect(form.getByTestId("shortlist-sold-note")).toHaveText(`Not included, as it has been sold: ${SOLD_LISTING.title}.`);
    await expectAccessible(page);

    const name = `Sold Check ${Date.now().toString(36)}`;
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("sold.check@example.com");
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(form.getByRole("status")).toHaveText(/Your message has been sent successfully|your message has been received/);
    const mail = await waitForMail(baseURL!, "ceo.whitestreams@gmail.com", new RegExp(`New enquiry \\(Shortlist\\) from ${name}`));
    expect(textOf(mail.raw)).toContain("Listings on the shortlist (1):");
    expect(textOf(mail.raw)).toContain("- SPITFIRE: ");
    expect(textOf(mail.raw)).not.toContain(SOLD_LISTING.title);

    // With only the sold listing left there is nothing to enquire about: no form, the concierge instead.
    stored = heartPostsAnswered(page);
    await heart(page, SPITFIRE).click();
    await expect(shortlistLink(page)).toHaveAccessibleName("Shortlist, 1 saved");
    await stored;
    await page.reload();
    await expect(page.getByRole("form", { name: "Enquire about your shortlist" })).toHaveCount(0);
    await expect(page.getByText("Every listing on your shortlist has been sold.")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a heart posts and comes back to the same place, saved; the shortlist page shows it; a second press removes it", async ({ page }) => {
    await page.goto("/cars");
    await heart(page, LAMBORGHINI).click();
    await expect(page).toHaveURL(/\/cars#shortlist-/);
    await expect(heart(page, LAMBORGHINI)).toHaveAttribute("aria-pressed", "true");
    await expect(shortlistLink(page)).toHaveAccessibleName("Shortlist, 1 saved");

    await page.goto("/shortlist");
    await expect(page.getByRole("link", { name: LAMBORGHINI, exact: true })).toBeVisible();
    await heart(page, LAMBORGHINI).click();
    await expect(page).toHaveURL(/\/shortlist#shortlist-/);
    await expect(page.getByText("Your shortlist is empty.")).toBeVisible();
    await expect(shortlistLink(page)).toHaveAccessibleName("Shortlist");
  });

  test("the detail page's heart saves and comes back to it; the share link opens the list elsewhere, which keeps it", async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto("/yachts/spitfire");
    await page.getByRole("button", { name: "Save to shortlist" }).click();
    await expect(page).toHaveURL(/\/yachts\/spitfire#shortlist-spitfire$/);
    await expect(page.getByRole("button", { name: "Saved to shortlist" })).toBeVisible();
    await expect(shortlistLink(page)).toHaveAccessibleName("Shortlist, 1 saved");

    await page.goto("/cars");
    await heart(page, McLAREN).click();
    await page.goto("/shortlist");
    const shareUrl = await page.getByRole("region", { name: "Share this shortlist" }).getByRole("link").getAttribute("href");
    expect(shareUrl).toMatch(/\/shortlist\?list=/);
    const other = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const phone = await other.newPage();
    const shared = new URL(shareUrl!);
    await phone.goto(`${shared.pathname}${shared.search}`);
    await expect(phone.getByRole("heading", { level: 1, name: "A Shared Shortlist" })).toBeVisible();
    for (const title of [McLAREN, SPITFIRE]) await expect(phone.getByRole("link", { name: title, exact: true })).toBeVisible();
    await phone.getByRole("button", { name: "Add to my shortlist" }).click();
    await expect(phone).toHaveURL(/\/shortlist$/);
    await expect(phone.getByRole("heading", { level: 1, name: "Your Shortlist" })).toBeVisible();
    await expect(shortlistLink(phone)).toHaveAccessibleName("Shortlist, 2 saved");
    await other.close();
  });

  test("one enquiry about the whole list, sent as a plain form", async ({ page, baseURL }) => {
    await page.goto("/cars");
    await heart(page, LAMBORGHINI).click();
    await page.goto("/yachts");
    await heart(page, SPITFIRE).click();
    await page.goto("/shortlist");
    const form = page.getByRole("form", { name: "Enquire about your shortlist" });
    const name = `Plain Shortlist ${Date.now().toString(36)}`;
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("plain.shortlist@example.com");
    await form.getByLabel("Best time to reach you (optional)").fill("Weekday mornings, Dubai time");
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(page).toHaveURL(/\/shortlist\?enquiry=sent#shortlist-enquiry$/);
    await expect(form.getByRole("status")).toHaveText(/Your message has been sent successfully|your message has been received/);
    const mail = await waitForMail(baseURL!, "ceo.whitestreams@gmail.com", new RegExp(`New enquiry \\(Shortlist\\) from ${name}`));
    expect(textOf(mail.raw)).toContain("Listings on the shortlist (2):");
    expect(textOf(mail.raw)).toContain("Weekday mornings, Dubai time");
  });
});
