import { E2E_CONTENT_BLOCK_COUNT } from "../setup/e2e-fixtures";
import { signInAsAdmin } from "./admin-session";
import { expect, expectAccessible, expectFieldError, holdPosts, test } from "./fixtures";
import { test as isolatedTest } from "./isolated-server";

test.use({ viewport: { width: 1440, height: 900 } });
// Whole flows with a real sign-in (scrypt) on a shared, busy machine: more than the default 30 s.
test.setTimeout(90_000);

/** Blocks a test creates carry a key of their own, so a retry or another test never meets them. */
const uniqueKey = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("Content Manager: search with debounce, filter, Load More", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/edit/content");
  await expect(page.getByRole("heading", { name: "Content Manager", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "New Content Block" })).toBeVisible();
  const cards = page.getByTestId("content-block");
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText("Last updated");
  await expectAccessible(page);

  // Typing several characters quickly makes one request, 300 ms after the last key.
  const listRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/edit/content.data")) listRequests.push(request.url());
  });
  const search = page.getByPlaceholder("Search content blocks...");
  const firstRequest = page.waitForRequest((request) => request.url().includes("/edit/content.data"));
  // Both times on the browser's side: measured here, a busy machine's round trips would eat into the pause.
  await search.evaluate((input) => input.addEventListener("input", () => input.setAttribute("data-last-input-at", String(Date.now()))));
  await search.pressSequentially("E2E-BLOCK");
  const request = await firstRequest;
  // Playwright fills in a request's timing once its response has arrived (before that, startTime may read -1).
  await request.response();
  const lastInputAt = Number(await search.getAttribute("data-last-input-at"));
  expect(request.timing().startTime).toBeGreaterThan(0);
  // The first request leaves after the pause that follows the last key, so none left while typing.
  expect(request.timing().startTime - lastInputAt).toBeGreaterThanOrEqual(250);
  await expect(page).toHaveURL(/\?q=E2E-BLOCK$/);
  expect(listRequests).toEqual([expect.stringContaining("q=E2E-BLOCK")]);

  // 25 matching blocks: the first 20, then Load More adds the last 5 and disappears.
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toHaveAttribute("data-key", `e2e-block-${E2E_CONTENT_BLOCK_COUNT - 1}`);
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(cards).toHaveCount(E2E_CONTENT_BLOCK_COUNT);
  await expect(cards.last()).toHaveAttribute("data-key", "e2e-block-00");
  await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);

  // Category filter: the fixture blocks are Contact blocks, so About shows none of them.
  await page.getByLabel("Filter by category").selectOption("about");
  await expect(page).toHaveURL(/category=about/);
  await expect(cards).toHaveCount(0);
  await page.getByLabel("Filter by category").selectOption("contact");
  await expect(cards).toHaveCount(20);
  await search.fill("e2e-block-1");
  await expect(cards).toHaveCount(10);
});

test("Content Manager: create a block; a taken key is refused and the form keeps what was typed", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/edit/content");
  const key = uniqueKey("about-press-note");
  await page.getByRole("link", { name: "New Content Block" }).click();
  const form = page.getByRole("region", { name: "New Content Block" });
  await form.getByLabel("Key").fill(key);
  await form.getByLabel("Type").selectOption("html");
  await form.getByLabel("Category").selectOption("about");
  await expectAccessible(page);
  await form.getByRole("button", { name: "Create Block" }).click();
  await expect(page).toHaveURL(/\/edit\/content$/);
  await page.goto(`/edit/content?q=${key}`);
  await expect(page.locator(`[data-key="${key}"]`)).toBeVisible();
  // A taken key is refused with a clear message and the form keeps what was typed.
  await page.getByRole("link", { name: "New Content Block" }).click();
  await page.getByLabel("Key").fill(key);
  await form.getByLabel("Category").selectOption("contact");
  await page.getByRole("button", { name: "Create Block" }).click();
  await expectFieldError(form.getByLabel("Key"), `A content block with the key "${key}" already exists.`);
  await expect(form.getByLabel("Key")).toHaveValue(key);
  await expect(form.getByLabel("Category")).toHaveValue("contact");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the new block form is checked on the server and keeps what was typed", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/edit/content?new");
    const form = page.getByRole("region", { name: "New Content Block" });
    await form.getByLabel("Key").fill("Not a key!");
    await form.getByLabel("Type").selectOption("image");
    await form.getByLabel("Category").selectOption("contact");
    await form.getByLabel(/^Content/).fill("//elsewhere.example/picture.jpg");
    await form.getByRole("button", { name: "Create Block" }).click();
    await expectFieldError(form.getByLabel("Key"), "Use 2 to 80 lower-case letters, digits, dots, dashes or underscores for the key.");
    await expect(form.getByLabel("Key")).toHaveValue("Not a key!");
    await expect(form.getByLabel("Type")).toHaveValue("image");
    await expect(form.getByLabel("Category")).toHaveValue("contact");
    await expect(form.getByLabel(/^Content/)).toHaveValue("//elsewhere.example/picture.jpg");

    const key = uniqueKey("contact-no-js");
    await form.getByLabel("Key").fill(key);
    await form.getByLabel(/^Content/).fill("/media/picture.webp");
    await form.getByRole("button", { name: "Create Block" }).click();
    await expect(page).toHaveURL(/\/edit\/content$/);
    await page.goto(`/edit/content?q=${key}`);
    await expect(page.locator(`[data-key="${key}"]`)).toBeVisible();
  });
});

// Editing a block the About page shows would change every other test's About page: on a private server.
isolatedTest.describe("a page's own block (a private server)", () => {
  isolatedTest.use({ viewport: { width: 1440, height: 900 } });
  isolatedTest.setTimeout(150_000);

  isolatedTest("Content Manager: edit a page's block and see the public page change", async ({ page }) => {
    // The About page saves its default blocks on first load.
    await page.goto("/about");
    await signInAsAdmin(page);
    await page.goto("/edit/content?q=about-mission");
    const card = page.locator('[data-key="about-mission"]');
    await expect(card).toBeVisible();
    await expect(card.getByRole("textbox")).toHaveCount(0);
    await card.getByText(/Our mission/).click();
    const editor = card.getByRole("textbox");
    await expect(editor).toBeVisible();
    const newText = `Our mission, edited in the browser test at ${Date.now()}.`;
    await editor.fill(newText);
    // While the save is on its way (held here) the text takes no typing: the saved block replaces it when the answer comes.
    const release = await holdPosts(page, "**/edit/content*");
    await card.getByRole("button", { name: "Save Changes" }).click();
    await expect(card.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await expect(editor).not.toBeEditable();
    release();
    await expect(card.getByRole("textbox")).toHaveCount(0);
    await expect(card).toContainText(newText);

    await page.goto("/about");
    await expect(page.getByText(newText)).toBeVisible();
  });
});

test("html blocks edit in a taller monospaced textarea and are sanitised", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/edit/content?new");
  const key = uniqueKey("contact-html-note");
  await page.getByLabel("Key").fill(key);
  await page.getByLabel("Type").selectOption("html");
  await page.getByRole("region", { name: "New Content Block" }).getByLabel("Category").selectOption("contact");
  await page.getByRole("button", { name: "Create Block" }).click();
  await expect(page).toHaveURL(/\/edit\/content$/);
  await page.goto(`/edit/content?q=${key}`);
  const card = page.locator(`[data-key="${key}"]`);
  await card.getByRole("button", { name: /Edit/ }).click();
  const editor = card.getByRole("textbox");
  await expect(editor).toHaveAttribute("rows", "14");
  expect(await editor.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/mono/i);
  await editor.fill('<p>Open <strong>daily</strong></p><script>window.__pwned = true</script><img src="x" onerror="window.__pwned = true">');
  await card.getByRole("button", { name: "Save Changes" }).click();
  await expect(card.locator("strong")).toHaveText("daily");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await card.getByRole("button", { name: /Edit/ }).click();
  await expect(card.getByRole("textbox")).not.toHaveValue(/script|onerror/);
});
