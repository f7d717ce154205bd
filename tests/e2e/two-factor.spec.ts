import type { Page } from "@playwright/test";
import { E2E_ACCOUNT_STAFF } from "../setup/e2e-fixtures";
import { totpCode, wrongCode } from "../setup/totp";
import { expect, expectAccessible, test } from "./fixtures";

// One whole flow with several real sign-ins (Argon2id) on a shared, busy machine.
test.setTimeout(240_000);

const account = E2E_ACCOUNT_STAFF.twoFactor;

async function signInWithPassword(page: Page) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("two-step sign-in: turned on with a code from the app, then signing in asks for a code, or a recovery code once, also without JavaScript", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/edit$/);
  await page.goto("/edit/account");
  const panel = page.getByRole("region", { name: "Two-step sign-in" });
  await expect(panel.getByText("Signing in asks for your password only.")).toBeVisible();

  // The password first; a wrong one is refused under its field.
  await panel.getByLabel("Your password").fill("not the password");
  await panel.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(panel.getByText("The password is not right.")).toBeVisible();
  await panel.getByLabel("Your password").fill(account.password);
  await panel.getByRole("button", { name: "Set up two-step sign-in" }).click();

  // The QR code and the key to type by hand; a wrong code changes nothing.
  await expect(panel.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await panel.getByLabel(/add an account by hand with this key/).inputValue()).replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{20,}$/);
  await expectAccessible(page);
  await panel.getByLabel("Code from the app").fill(wrongCode(secret));
  await panel.getByRole("button", { name: "Turn on" }).click();
  await expect(panel.getByText("That code is not right.")).toBeVisible();
  await panel.getByLabel("Code from the app").fill(totpCode(secret));
  await panel.getByRole("button", { name: "Turn on" }).click();

  // The recovery codes, once, with "I have saved them".
  const codes = panel.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  await expectAccessible(page);
  await panel.getByLabel("I have saved these recovery codes somewhere safe.").check();
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(panel.getByText("10 of 10 recovery codes unused.", { exact: false })).toBeVisible();
  await expect(panel.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);

  // Sign out; the password alone now leads to the code step, where a wrong code is refused.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/sign-in\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("6-digit code").fill(wrongCode(secret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not right. Check your authenticator app and try again.");
  await expectAccessible(page);
  await page.getByLabel("6-digit code").fill(totpCode(secret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/edit$/);

  // Without JavaScript, a recovery code signs in once; the same code a second time does not.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const plain = await noScript.newPage();
  for (const attempt of ["first", "second"] as const) {
    await signInWithPassword(plain);
    await expect(plain).toHaveURL(/\/sign-in\/two-factor$/);
    await plain.getByRole("link", { name: "Lost your phone? Use a recovery code" }).click();
    await expect(plain.getByRole("heading", { name: "Use a recovery code" })).toBeVisible();
    await plain.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await plain.getByRole("button", { name: "Sign in" }).click();
    if (attempt === "first") {
      await expect(plain).toHaveURL(/\/edit$/);
      await noScript.clearCookies();
    } else {
      await expect(plain.getByRole("alert")).toHaveText("That recovery code is not right, or it has been used already.");
    }
  }
  await noScript.close();

  // Turning it off asks for the password again.
  await page.goto("/edit/account");
  await expect(panel.getByText("9 of 10 recovery codes unused.", { exact: false })).toBeVisible();
  const off = panel.getByRole("region", { name: "Turn off" });
  await off.getByLabel("Your password").fill(account.password);
  await off.getByRole("button", { name: "Turn off" }).click();
  await expect(panel.getByRole("status")).toHaveText("Two-step sign-in is off. Signing in now asks for your password only.");
});
