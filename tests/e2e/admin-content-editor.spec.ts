import type { Page } from "@playwright/test";
import { makeJpeg } from "../fixtures/images";
import { signInAsAdmin } from "./admin-session";
import { expect, expectAccessible, test } from "./fixtures";
import { test as isolatedTest } from "./isolated-server";

// What staff meet in the Content Manager, and what visitors then see.
test.use({ viewport: { width: 1440, height: 900 } });
// Whole flows with a real sign-in (scrypt) and uploads on a shared, busy machine.
test.setTimeout(90_000);

/** A key no other test (or earlier run of this one) uses. */
const uniqueKey = (name: string) => `e2e-${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function createImageBlock(page: Page, key: string, content = "") {
  await page.goto("/edit/content?new");
  const form = page.getByRole("region", { name: "New Content Block" });
  await form.getByLabel("Key").fill(key);
  await form.getByLabel("Type").selectOption("image");
  await form.getByLabel("Category").selectOption("home");
  if (content) await form.getByLabel(/^Content/).fill(content);
  await form.getByRole("button", { name: "Create Block" }).click();
  await expect(page).toHaveURL(/\/edit\/content$/);
  await page.goto(`/edit/content?q=${key}`);
  const card = page.locator(`[data-key="${key}"]`);
  await expect(card).toBeVisible();
  return card;
}

async function editText(page: Page, key: string, text: string) {
  await page.goto(`/edit/content?q=${key}`);
  const card = page.locator(`[data-key="${key}"]`);
  await card.getByRole("button", { name: `Edit ${key}` }).click();
  await card.getByRole("textbox").fill(text);
  await card.getByRole("button", { name: "Save Changes" }).click();
  await expect(card.getByRole("textbox")).toHaveCount(0);
  return card;
}

/**
 * Blocks the About page shows: editing them would change the page other tests read, so these tests run on a
 * private server of their own.
 */
isolatedTest.describe("a page's own blocks (a private server)", () => {
  isolatedTest.use({ viewport: { width: 1440, height: 900 } });
  isolatedTest.setTimeout(150_000);

  isolatedTest("a multi-line text block keeps its line breaks on the public page", async ({ page }) => {
    // The About page saves its blocks' defaults on first load.
    await page.goto("/about");
    await signInAsAdmin(page);
    const stamp = Date.now();
    await editText(page, "about-value-relationships", `First line ${stamp}.\nSecond line ${stamp}.`);
    await page.goto("/about");
    const text = page.getByText(`First line ${stamp}.`);
    await expect(text).toBeVisible();
    expect(await text.evaluate((element) => (element as HTMLElement).innerText)).toBe(`First line ${stamp}.\nSecond line ${stamp}.`);
  });

  isolatedTest("saving a site block empty writes its default back, in the admin and on the page", async ({ page }) => {
    await page.goto("/about");
    await signInAsAdmin(page);
    await editText(page, "about-intro-secondary", `Changed for a moment ${Date.now()}.`);
    const card = await editText(page, "about-intro-secondary", "");
    const defaultText = /^We welcome payment in Bitcoin, Ethereum and XRP/;
    await expect(card.getByText(defaultText)).toBeVisible();
    await expect(card.getByText("Empty")).toHaveCount(0);
    await page.reload();
    await expect(page.locator('[data-key="about-intro-secondary"]').getByText(defaultText)).toBeVisible();
    await page.goto("/about");
    await expect(page.getByText(defaultText)).toBeVisible();
  });
});

test("each block says where it appears on the site, with a link there", async ({ page }) => {
  await page.goto("/about");
  await signInAsAdmin(page);
  await page.goto("/edit/content?q=leader-ceo-bio");
  const leader = page.locator('[data-key="leader-ceo-bio"]');
  await expect(leader.getByRole("list", { name: "Where leader-ceo-bio appears" }).getByRole("link")).toHaveText([
    "Home page · Our Leadership · chief executive's biography",
    "About page · Our Leadership · chief executive's biography",
  ]);
  await page.goto("/edit/content?q=about-mission");
  await page.locator('[data-key="about-mission"]').getByRole("link", { name: "About page · Our Mission" }).click();
  await expect(page).toHaveURL(/\/about#mission-heading$/);
  await expect(page.getByRole("heading", { name: "Our Mission" })).toBeInViewport();

  const key = uniqueKey("nowhere");
  const card = await createImageBlock(page, key);
  await expect(card.getByText("Not shown on the site: no page reads this key yet.")).toBeVisible();
  await expectAccessible(page);
});

test("the image editor gives focus back to Edit Image when it closes", async ({ page }) => {
  await signInAsAdmin(page);
  const key = uniqueKey("focus");
  const card = await createImageBlock(page, key);
  await card
    .getByTestId(`content-image-input-${key}`)
    .setInputFiles([{ name: "hall.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(1200, 800) }]);
  await expect(card.getByRole("img", { name: `Current image of ${key}` })).toHaveAttribute("src", /^\/media\//, { timeout: 20_000 });
  const edit = card.getByRole("button", { name: "Edit Image" });
  const dialog = page.getByRole("dialog", { name: "Edit Image" });

  await edit.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();

  await edit.click();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
});

test("a remote picture that cannot be loaded says so and can be replaced", async ({ page }) => {
  await signInAsAdmin(page);
  const key = uniqueKey("offline");
  const remote = `https://image931.wordpress.com/wp-content/uploads/2025/04/${key}.jpg`;
  await page.route(remote, (route) => route.abort("namenotresolved"));
  const card = await createImageBlock(page, key, remote);
  await expect(card.getByText("The current picture, kept on image931.wordpress.com, could not be loaded.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Edit Image" })).toHaveCount(0);
  const updatedBefore = await card.locator("time").getAttribute("datetime");

  const chooser = page.waitForEvent("filechooser");
  await card.getByRole("button", { name: "Replace Image" }).click();
  await (await chooser).setFiles([{ name: "portrait.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(900, 1200) }]);
  await expect(card.getByRole("img", { name: `Current image of ${key}` })).toHaveAttribute("src", /^\/media\//, { timeout: 20_000 });
  // The card's "Last updated" follows the replacement without a reload.
  await expect(card.locator("time")).not.toHaveAttribute("datetime", updatedBefore!);
});

test("a remote picture another site will not share for editing: the editor explains and offers Replace", async ({ page }) => {
  await signInAsAdmin(page);
  const key = uniqueKey("no-cors");
  const remote = `https://image931.wordpress.com/wp-content/uploads/2025/04/${key}.jpg`;
  const picture = await makeJpeg(800, 450);
  // The host serves the picture but shares it with another origin only: it shows, yet cannot be read back for
  // editing. (Playwright adds an allow-any-origin header to fulfilled responses unless one is given.)
  await page.route(remote, (route) =>
    route.fulfill({ contentType: "image/jpeg", body: picture, headers: { "access-control-allow-origin": "https://elsewhere.example" } }),
  );
  const card = await createImageBlock(page, key, remote);
  const image = card.getByRole("img", { name: `Current image of ${key}` });
  await expect(image).toHaveJSProperty("complete", true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);

  // The Edit Image overlay covers the picture until hovered: hover through it.
  await image.hover({ force: true });
  await card.getByRole("button", { name: "Edit Image" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Image" });
  await expect(dialog.getByRole("alert")).toHaveText(/kept on image931\.wordpress\.com.*Upload a copy instead/);
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toHaveAccessibleDescription(/Upload a copy instead/);
  await expectAccessible(page);

  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Replace Image" }).click();
  await expect(dialog).toBeHidden();
  await (await chooser).setFiles([{ name: "copy.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(1600, 900) }]);
  await expect(image).toHaveAttribute("src", /^\/media\//, { timeout: 20_000 });
});
