import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../setup/e2e-fixtures";

/** Signs in through the real /sign-in form and waits for the dashboard. Any admin browser test may use it. */
export async function signInAsAdmin(page: Page) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/edit$/);
}
