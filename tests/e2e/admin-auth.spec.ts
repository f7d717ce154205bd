import { E2E_ADMIN } from "../setup/e2e-fixtures";
import { signInAsAdmin } from "./admin-session";
import { expect, expectAccessible, test } from "./fixtures";

test.use({ viewport: { width: 1440, height: 900 } });
// Whole flows with a real sign-in (scrypt) on a shared, busy machine: more than the default 30 s.
test.setTimeout(90_000);

test("a visitor opening /edit is sent home, with the history entry replaced", async ({ page }) => {
  await page.goto("/about");
  await page.goto("/edit/content");
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  // /edit/content was never left in the history: back returns to the page before it.
  await expect(page).toHaveURL(/\/about$/);
  const api = await page.request.get("/edit/api/content-blocks");
  expect(api.status()).toBe(401);
});

test("sign-in shows a clear error, keeps the e-mail, and then signs in", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The e-mail address or password is incorrect.");
  await expect(page.getByLabel("E-mail")).toHaveValue(E2E_ADMIN.email);
  await expectAccessible(page);

  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/edit$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name.includes("session_token"))).toMatchObject({ httpOnly: true, sameSite: "Lax" });
});

test("Logout ends the session, also without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/edit");
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

test("the sign-in page at phone size", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
