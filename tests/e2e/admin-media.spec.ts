import type { Page } from "@playwright/test";
import { makeJpeg, makeNoisyJpeg, makePng } from "../fixtures/images";
import { signInAsAdmin } from "./admin-session";
import { expect, expectAccessible, test } from "./fixtures";
import { test as isolatedTest } from "./isolated-server";

test.use({ viewport: { width: 1440, height: 900 } });
// Whole flows with a real sign-in (scrypt) and uploads on a shared, busy machine.
test.setTimeout(90_000);

/**
 * Every test uploads its own files, named with a token of its own and kept in folders of its own, and looks
 * only at them (search by the token, or filter by the folder): other tests may upload or delete at the same time.
 */
const uniqueToken = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const library = (page: Page) => page.getByRole("list", { name: "Media files" });
const items = (page: Page) => library(page).getByTestId("media-item");
const itemNames = (page: Page) => items(page).locator("a").allInnerTexts();

async function upload(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>, folder: string) {
  await page.getByTestId("media-file-input").setInputFiles(files);
  const selected = page.getByRole("list", { name: "Selected files" });
  await expect(selected.getByRole("listitem")).toHaveCount(files.length);
  await page.getByLabel("Folder (optional)").fill(folder);
  const label = files.length === 1 ? "1 file" : `${files.length} files`;
  await page.getByRole("button", { name: `Upload ${label}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${label} uploaded.` })).toBeVisible({ timeout: 30_000 });
}

async function openFolder(page: Page, folder: string, view: "grid" | "list" = "grid") {
  await page.goto(`/edit/media?folder=${encodeURIComponent(folder)}${view === "list" ? "&view=list" : ""}`);
  await expect(page.getByLabel("Folder")).toHaveValue(folder);
}

isolatedTest.describe("Media Manager figures (a private server: the totals are the whole library's)", () => {
  isolatedTest.use({ viewport: { width: 1440, height: 900 } });
  isolatedTest.setTimeout(150_000);

  isolatedTest("starts empty, then counts every upload and delete", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/edit/media");
    await expect(page.getByRole("heading", { level: 1, name: "Media Manager" })).toBeVisible();
    await expect(page.getByText("Protected & Encrypted")).toBeVisible();
    await expect(page.getByTestId("file-count")).toHaveText("0 items");
    await expect(page.getByTestId("storage-used")).toHaveText("0 B of 10 GB");
    await expect(page.getByText("No media yet. Upload your first files above.")).toBeVisible();

    await upload(page, [{ name: "first.png", mimeType: "image/png", buffer: await makePng(600, 400) }], "");
    await expect(items(page)).toHaveCount(1);
    await expect(page.getByTestId("file-count")).toHaveText("1 item");
    await upload(
      page,
      [
        { name: "second.png", mimeType: "image/png", buffer: await makePng(900, 600) },
        { name: "third.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(1200, 800) },
      ],
      "",
    );
    await expect(items(page)).toHaveCount(3);
    await expect(page.getByTestId("file-count")).toHaveText("3 items");
    await expect(page.getByTestId("storage-used")).toHaveText(/^\d+(\.\d)? (KB|MB) of 10 GB$/);

    // Asked first in the page: Escape keeps it; the popover's Delete deletes it.
    await page.getByRole("button", { name: "Delete first.png" }).click();
    const asked = page.getByRole("alertdialog", { name: "Delete first.png?" });
    await expect(asked).toContainText("This cannot be undone.");
    await page.keyboard.press("Escape");
    await expect(asked).toBeHidden();
    await expect(items(page)).toHaveCount(3);
    await page.getByRole("button", { name: "Delete first.png" }).click();
    await asked.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(asked).toBeHidden();
    await expect(items(page)).toHaveCount(2);
    await expect(page.getByTestId("file-count")).toHaveText("2 items");
  });
});

test.describe("Media Manager", () => {
  test("refuses a wrong format with the spec's message, cleared by the next drop", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/edit/media");
    const input = page.getByTestId("media-file-input");
    await input.setInputFiles([{ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") }]);
    await expect(page.getByRole("alert")).toHaveText("File notes.pdf has an unsupported format.");
    await input.setInputFiles([{ name: "villa-sunset.jpg", mimeType: "image/jpeg", buffer: await makeNoisyJpeg() }]);
    await expect(page.getByRole("alert")).toHaveCount(0);
    const selected = page.getByRole("list", { name: "Selected files" });
    // Compressed in a worker to at most 1 MB / 1920 px before upload.
    await expect(selected.getByRole("listitem").filter({ hasText: "villa-sunset.jpg" })).toContainText(/was \d(\.\d)? MB/, { timeout: 20_000 });
  });

  test("uploads with progress into folders; search, folder filter and list view show them", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/edit/media");
    const token = uniqueToken("upl");
    const villas = `Villas ${token}`;
    const fleet = `Fleet ${token}`;
    await upload(page, [{ name: `villa-${token}.jpg`, mimeType: "image/jpeg", buffer: await makeJpeg(1200, 800) }], villas);

    await page.getByTestId("media-file-input").setInputFiles([
      { name: `yacht-${token}.png`, mimeType: "image/png", buffer: await makePng(900, 600) },
      { name: `jet-${token}.jpg`, mimeType: "image/jpeg", buffer: await makeJpeg(1200, 800) },
    ]);
    const selected = page.getByRole("list", { name: "Selected files" });
    await expect(selected.getByRole("listitem")).toHaveCount(2);
    await selected.getByRole("button", { name: `Remove jet-${token}.jpg` }).click();
    await expect(selected.getByRole("listitem")).toHaveCount(1);
    await page
      .getByTestId("media-file-input")
      .setInputFiles([{ name: `jet-${token}.jpg`, mimeType: "image/jpeg", buffer: await makeJpeg(1200, 800) }]);
    await page.getByLabel("Folder (optional)").fill(fleet);
    await page.getByRole("button", { name: "Upload 2 files" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 files uploaded." })).toBeVisible({ timeout: 30_000 });

    // Search by name (case-insensitive) finds this test's files only.
    await page.getByPlaceholder("Search media...").fill(token.toUpperCase());
    await expect(items(page)).toHaveCount(3);
    await page.getByPlaceholder("Search media...").fill(`VILLA-${token.toUpperCase()}`);
    await expect(items(page)).toHaveCount(1);
    await expect(library(page)).toContainText(`villa-${token}.jpg`);
    await page.getByPlaceholder("Search media...").fill(`no-such-file-${token}`);
    await expect(page.getByText("No media matches your search.")).toBeVisible();
    await page.getByPlaceholder("Search media...").fill("");
    // The search is applied after a pause: let it land before choosing a folder.
    await expect(page).not.toHaveURL(/[?&]q=/);

    await page.getByLabel("Folder").selectOption(fleet);
    await expect(items(page)).toHaveCount(2);
    await page.getByLabel("Folder").selectOption(villas);
    await expect(items(page)).toHaveCount(1);

    await page.getByRole("button", { name: "List view" }).click();
    await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
    await expect(library(page)).toContainText(villas);
    await page.getByRole("button", { name: "Grid view" }).click();
    await expect(page.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "true");

    // Thumbnails are real images served by the app.
    const thumbnail = items(page).first().locator("picture img");
    await expect(thumbnail).toHaveJSProperty("complete", true);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId("storage-used")).toHaveText(/^\d+(\.\d)? (KB|MB|GB) of 10 GB$/);
  });

  test("a file the server refuses is reported and leaves the queue, so the next upload does not send it again", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/edit/media");
    const token = uniqueToken("refused");
    const selected = page.getByRole("list", { name: "Selected files" });
    // Named and typed as a video, so the browser's checks pass; the server reads the bytes and refuses it.
    await page.getByTestId("media-file-input").setInputFiles([
      { name: `fake-${token}.mp4`, mimeType: "video/mp4", buffer: Buffer.from("this is not a video") },
      { name: `first-${token}.png`, mimeType: "image/png", buffer: await makePng(600, 400) },
    ]);
    await expect(selected.getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: "Upload 2 files" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 file uploaded." })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("alert")).toContainText(`File fake-${token}.mp4 could not be uploaded:`);
    await expect(selected).toHaveCount(0);

    await page
      .getByTestId("media-file-input")
      .setInputFiles([{ name: `second-${token}.png`, mimeType: "image/png", buffer: await makePng(600, 400) }]);
    await expect(selected.getByRole("listitem")).toHaveCount(1);
    await page.getByRole("button", { name: "Upload 1 file" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 file uploaded." })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByPlaceholder("Search media...").fill(token);
    await expect(items(page)).toHaveCount(2);
    expect((await itemNames(page)).join(" ")).not.toContain("fake-");
  });

  test("reorders by keyboard and keeps the order after a reload", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/edit/media");
    const folder = `Reorder ${uniqueToken("kbd")}`;
    await upload(
      page,
      [
        { name: `a-${folder}.png`, mimeType: "image/png", buffer: await makePng(300, 200) },
        { name: `b-${folder}.png`, mimeType: "image/png", buffer: await makePng(320, 200) },
        { name: `c-${folder}.png`, mimeType: "image/png", buffer: await makePng(340, 200) },
      ],
      folder,
    );
    await openFolder(page, folder, "list");
    await expect(items(page)).toHaveCount(3);
    const before = await itemNames(page);

    const handle = page.getByRole("button", { name: `Reorder ${before[0]}, position 1 of 3` });
    await handle.focus();
    const announcer = page.locator("[id^=DndLiveRegion]").first();
    await page.keyboard.press("Space");
    await expect(announcer).toContainText(`${before[0]} was moved into position 1 of 3.`);
    await page.keyboard.press("ArrowDown");
    await expect(announcer).toContainText(`${before[0]} was moved into position 2 of 3.`);
    const saved = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/edit/media"),
    );
    await page.keyboard.press("Space");
    await expect(announcer).toContainText(`${before[0]} was dropped at position 2 of 3. The new order is saved.`);
    expect((await saved).ok()).toBe(true);
    const expected = [before[1], before[0], before[2]];
    await expect.poll(() => itemNames(page)).toEqual(expected);
    await page.reload();
    await expect.poll(() => itemNames(page)).toEqual(expected);
  });

  test("passes axe and deletes a file", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/edit/media");
    const folder = `Delete ${uniqueToken("del")}`;
    const victim = `victim-${folder}.png`;
    await upload(
      page,
      [
        { name: victim, mimeType: "image/png", buffer: await makePng(300, 200) },
        { name: `keeper-${folder}.png`, mimeType: "image/png", buffer: await makePng(320, 200) },
      ],
      folder,
    );
    await openFolder(page, folder);
    await expect(items(page)).toHaveCount(2);
    await expectAccessible(page);
    await page.getByRole("button", { name: `Delete ${victim}` }).click();
    await page
      .getByRole("alertdialog", { name: `Delete ${victim}?` })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
    await expect(items(page)).toHaveCount(1);
    await page.reload();
    expect(await itemNames(page)).toEqual([`keeper-${folder}.png`]);
  });
});

test.describe("Content image editing", () => {
  test("drop an image on an empty image block, then crop, rotate and save it as a 16:9 JPEG", async ({ browser }) => {
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
    await signInAsAdmin(page);
    const key = uniqueToken("media-e2e-photo");
    await page.goto("/edit/content");
    await page.getByRole("link", { name: "New Content Block" }).click();
    const form = page.getByRole("region", { name: "New Content Block" });
    await form.getByLabel("Key").fill(key);
    await form.getByLabel("Type").selectOption("image");
    await form.getByLabel("Category").selectOption("home");
    await form.getByRole("button", { name: "Create Block" }).click();
    await expect(page).toHaveURL(/\/edit\/content$/);

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
