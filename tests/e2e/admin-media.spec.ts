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
