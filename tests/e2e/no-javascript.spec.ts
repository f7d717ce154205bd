import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Without JavaScript the menu works and a form's answer is shown where the form is.
test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

test("the menu button opens the menu; its links work and it closes", async ({ page }) => {
  await page.goto("/cars");
  const menu = page.locator("#site-menu");
  await expect(menu).toBeHidden();
  await page.getByRole("link", { name: "Open menu" }).click();
  await expect(menu).toBeVisible();
  for (const label of ["Home", "Real Estate", "Cars", "Metals", "Yachts", "Jets", "About Us", "Contact Us"]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByText("India")).toBeVisible();
  await menu.getByRole("link", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();

  await page.getByRole("link", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "Contact Us", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.locator("#site-menu")).toBeHidden();
});

test("on a phone the top bar fits the currency choice's Set button: the monogram stands for the site's name", async ({ page }) => {
  await page.goto("/");
  const home = page.getByRole("banner").getByRole("link", { name: "White Streams" });
  await expect(home.locator("svg")).toBeVisible();
  // The name is kept for screen readers, not drawn cut short.
  expect((await home.getByText("White Streams").boundingBox())!.width).toBeLessThanOrEqual(1);
  const set = page.getByRole("button", { name: "Set" });
  const shortlist = page.getByRole("banner").getByRole("link", { name: /Shortlist/ });
  expect((await set.boundingBox())!.x + (await set.boundingBox())!.width).toBeLessThanOrEqual((await shortlist.boundingBox())!.x);
});

async function expectAnswerInView(page: Page, form: ReturnType<Page["getByRole"]>) {
  const answer = form.getByRole("status");
  await expect(answer).toBeVisible();
  await expect(answer).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
}

test("after an enquiry on a long listing page, the page opens at the confirmation", async ({ page }) => {
  await page.goto("/metals/premium-gold");
  const form = page.getByRole("form", { name: "Enquire about this listing" });
  await form.getByLabel("Name").fill("Grace Hopper");
  await form.getByLabel("Email").fill("grace@example.com");
  await form.getByRole("button", { name: "Contact Agent" }).click();
  await expect(page).toHaveURL(/\/metals\/premium-gold\?enquiry=sent#enquiry$/);
  await expectAnswerInView(page, form);
});

test("after a refused enquiry the page opens at the form, with its messages in view", async ({ page }) => {
  await page.goto("/metals/premium-gold");
  const form = page.getByRole("form", { name: "Enquire about this listing" });
  await form.getByLabel("Name").fill("Grace Hopper");
  await form.getByLabel("Email").fill("grace@example");
  await form.getByRole("button", { name: "Contact Agent" }).click();
  await expect(page).toHaveURL(/#enquiry$/);
  await expect(form.getByRole("alert")).toBeInViewport();
  await expect(form.getByLabel("Email")).toHaveValue("grace@example");
});

test("after a message on the Contact page, the page opens at the confirmation", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Send Us a Message" });
  await form.getByLabel("Full name").fill("Grace Hopper");
  await form.getByLabel("Email").fill("grace@example.com");
  await form.getByLabel("Area of interest").selectOption("Metals");
  await form.getByLabel("Message").fill("Gold bars, please.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/contact\?enquiry=sent#message-heading$/);
  await expectAnswerInView(page, form);
});

test("a detail page shows its similar listings", async ({ page }) => {
  // Same category, closest in price and year: the loader waits for them briefly, so they are in the HTML itself.
  await page.goto("/cars/ferrari-f40-1990");
  const similar = page.getByRole("region", { name: "Similar listings" });
  const cards = similar.getByRole("article");
  await expect(cards).toHaveCount(3);
  await expect(cards.first().getByRole("heading", { level: 3 })).toBeVisible();
  await expect(similar.getByRole("link", { name: /ferrari f40/i })).toHaveCount(0);
  // Each card leads to another car's page.
  await expect(cards.first().getByRole("link").first()).toHaveAttribute("href", /^\/cars\/(?!ferrari-f40-1990)[a-z0-9-]+$/);
});
