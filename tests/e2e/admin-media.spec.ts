import type { Page } from "@playwright/test";
import { makeJpeg, makeNoisyJpeg, makePng } from "../fixtures/images";
import { E2E_ADMIN } from "../setup/e2e-fixtures";
import { expect, expectAccessible, test } from "./fixtures";

test.use({ viewport: { width: 1440, height: 900 } });
// One library shared by the steps below: run them in order.
test.describe.configure({ mode: "serial" });

async function signIn(page: Page) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/edit$/);
}

const library = (page: Page) => page.getByRole("list", { name: "Media files" });
const itemNames = (page: Page) => library(page).getByTestId("media-item").locator("a").allInnerTexts();

test.describe("Media Manager", () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    // axe needs a page from an explicit context.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signIn(page);
  });
  test.afterAll(async () => page.context().close());

  test("starts empty with real figures", async () => {
    await page.goto("/edit/media");
    await expect(page.getByRole("heading", { level: 1, name: "Media Manager" })).toBeVisible();
    await expect(page.getByText("Protected & Encrypted")).toBeVisible();
    await expect(page.getByTestId("file-count")).toHaveText("0 items");
    await expect(page.getByTestId("storage-used")).toHaveText("0 B of 10 GB");
    await expect(page.getByText("No media yet. Upload your first files above.")).toBeVisible();
  });

  test("refuses a wrong format with the spec's message, cleared by the next drop", async () => {
    const input = page.getByTestId("media-file-input");
    await input.setInputFiles([{ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") }]);
    await expect(page.getByRole("alert")).toHaveText("File notes.pdf has an unsupported format.");
    await input.setInputFiles([{ name: "villa-sunset.jpg", mimeType: "image/jpeg", buffer: await makeNoisyJpeg() }]);
    await expect(page.getByRole("alert")).toHaveCount(0);
    const selected = page.getByRole("list", { name: "Selected files" });
    // Compressed in a worker to at most 1 MB / 1920 px before upload.
    await expect(selected.getByRole("listitem").filter({ hasText: "villa-sunset.jpg" })).toContainText(/was \d(\.\d)? MB/, { timeout: 20_000 });
  });

  test("uploads images with progress into folders and shows them with real figures", async () => {
    await page.getByLabel("Folder (optional)").fill("Villas");
    await page.getByRole("button", { name: "Upload 1 file" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 file uploaded." })).toBeVisible({ timeout: 20_000 });

    await page.getByTestId("media-file-input").setInputFiles([
      { name: "yacht-deck.png", mimeType: "image/png", buffer: await makePng(900, 600) },
      { name: "jet-cabin.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(1200, 800) },
    ]);
    const selected = page.getByRole("list", { name: "Selected files" });
    await expect(selected.getByRole("listitem")).toHaveCount(2);
    await selected.getByRole("button", { name: "Remove jet-cabin.jpg" }).click();
    await expect(selected.getByRole("listitem")).toHaveCount(1);
    await page.getByTestId("media-file-input").setInputFiles([{ name: "jet-cabin.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(1200, 800) }]);
    await page.getByLabel("Folder (optional)").fill("Fleet");
    await page.getByRole("button", { name: "Upload 2 files" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 files uploaded." })).toBeVisible({ timeout: 20_000 });

    await expect(library(page).getByTestId("media-item")).toHaveCount(3);
    await expect(page.getByTestId("file-count")).toHaveText("3 items");
    await expect(page.getByTestId("storage-used")).toHaveText(/^\d+(\.\d)? (KB|MB) of 10 GB$/);
    // Thumbnails are real images served by the app.
    const thumbnail = library(page).getByTestId("media-item").first().locator("img");
    await expect(thumbnail).toHaveJSProperty("complete", true);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("searches by name, filters by folder and switches between grid and list", async () => {
    await page.getByPlaceholder("Search media...").fill("VILLA");
    await expect(library(page).getByTestId("media-item")).toHaveCount(1);
    await expect(library(page)).toContainText("villa-sunset.jpg");
    await page.getByPlaceholder("Search media...").fill("");
    await expect(library(page).getByTestId("media-item")).toHaveCount(3);

    await page.getByLabel("Folder").selectOption("Fleet");
    await expect(library(page).getByTestId("media-item")).toHaveCount(2);
    await page.getByLabel("Folder").selectOption({ label: "All Files" });
    await expect(library(page).getByTestId("media-item")).toHaveCount(3);

    await page.getByRole("button", { name: "List view" }).click();
    await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
    await expect(library(page)).toContainText("Fleet");
    await page.getByRole("button", { name: "Grid view" }).click();
    await expect(page.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "true");
  });

  test("reorders by keyboard and keeps the order after a reload", async () => {
    await page.getByRole("button", { name: "List view" }).click();
    const before = await itemNames(page);
    expect(before).toHaveLength(3);
    const handle = page.getByRole("button", { name: `Reorder ${before[0]}, position 1 of 3` });
    await handle.focus();
    const announcer = page.locator("[id^=DndLiveRegion]").first();
    await page.keyboard.press("Space");
    await expect(announcer).toContainText(`${before[0]} was moved into position 1 of 3.`);
    await page.keyboard.press("ArrowDown");
    await expect(announcer).toContainText(`${before[0]} was moved into position 2 of 3.`);
    await page.keyboard.press("Space");
    await expect(announcer).toContainText(`${before[0]} was dropped at position 2 of 3. The new order is saved.`);
    const expected = [before[1], before[0], before[2]];
    await expect.poll(() => itemNames(page)).toEqual(expected);
    await page.waitForLoadState("networkidle");
    await page.reload();
    await expect.poll(() => itemNames(page)).toEqual(expected);
  });

  test("passes axe and deletes a file", async () => {
    await expectAccessible(page);
    const victim = (await itemNames(page))[0]!;
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Delete ${victim}` }).click();
    await expect(library(page).getByTestId("media-item")).toHaveCount(2);
    await expect(page.getByTestId("file-count")).toHaveText("2 items");
    await page.reload();
    expect(await itemNames(page)).not.toContain(victim);
  });

  test("screenshots at desktop and phone size", async () => {
    await page.goto("/edit/media");
    await page.screenshot({ path: "screenshots/admin-media-1440x900.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/edit/media");
    await page.screenshot({ path: "screenshots/admin-media-390x844.png", fullPage: true });
  });
});

test.describe("Content image editing", () => {
  test("drop an image on an empty image block, then crop, rotate and save it as a 16:9 JPEG", async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const record = window as unknown as { __sentFiles: Array<{ name: string; type: string }> };
      record.__sentFiles = [];
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof FormData) {
          for (const value of body.values()) if (value instanceof File) record.__sentFiles.push({ name: value.name, type: value.type });
        }
        return send.call(this, body);
      };
    });
    await signIn(page);
    const key = "media-e2e-photo";
    await page.goto("/edit/content");
    await page.getByRole("link", { name: "New Content Block" }).click();
    const form = page.getByRole("region", { name: "New Content Block" });
    await form.getByLabel("Key").fill(key);
    await form.getByLabel("Type").selectOption("image");
    await form.getByLabel("Category").selectOption("home");
    await form.getByRole("button", { name: "Create Block" }).click();

    await page.goto(`/edit/content?q=${key}`);
    const card = page.locator(`[data-key="${key}"]`);
    await expect(card.getByText("Drop an image here, or click to choose")).toBeVisible();
    await card
      .getByTestId(`content-image-input-${key}`)
      .setInputFiles([{ name: "facade.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(1600, 1000) }]);
    const image = card.getByRole("img", { name: `Current image of ${key}` });
    await expect(image).toHaveAttribute("src", new RegExp(`^/media/content/${key}-\\d+-[0-9a-f]{8}/1600\\.webp$`), { timeout: 20_000 });
    const firstUrl = await image.getAttribute("src");

    // The Edit Image button appears over the picture on hover.
    await image.hover({ force: true });
    await expect(card.getByRole("button", { name: "Edit Image" }).locator("..")).toHaveCSS("opacity", "1");
    await card.getByRole("button", { name: "Edit Image" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Image" });
    await expect(dialog).toBeVisible();
    expect((await dialog.getByTestId("image-editor-preview").boundingBox())?.height).toBe(400);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Rotate 90°" }).click();
    await dialog.getByRole("button", { name: "Reset" }).click();
    await dialog.getByRole("button", { name: "Rotate 90°" }).click();
    await page.screenshot({ path: "screenshots/admin-image-editor-1440x900.png" });
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    // What the browser sent (Playwright cannot read multipart blobs from requests; the page recorded them).
    const sentFiles = await page.evaluate(() => (window as unknown as { __sentFiles: Array<{ name: string; type: string }> }).__sentFiles);
    expect(sentFiles.at(-1)).toEqual({ name: "edited-image.jpg", type: "image/jpeg" });

    await expect(image).not.toHaveAttribute("src", firstUrl!);
    const editedUrl = await image.getAttribute("src");
    // Rotated a 1600 × 1000 picture a quarter turn, then cropped 16:9: 1000 × 563 or so.
    const size = await image.evaluate(
      (img: HTMLImageElement) =>
        new Promise<[number, number]>((resolve) =>
          img.complete
            ? resolve([img.naturalWidth, img.naturalHeight])
            : img.addEventListener("load", () => resolve([img.naturalWidth, img.naturalHeight])),
        ),
    );
    expect(size[0]).toBe(1000);
    expect(Math.abs(size[0] / size[1] - 16 / 9)).toBeLessThan(0.02);

    // Saved on the server: a fresh load shows the edited picture.
    await page.goto(`/edit/content?q=${key}`);
    await expect(page.locator(`[data-key="${key}"]`).getByRole("img", { name: `Current image of ${key}` })).toHaveAttribute("src", editedUrl!);
    await context.close();
  });
});
