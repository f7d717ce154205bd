import type { Page } from "@playwright/test";
import { E2E_ACCOUNT_STAFF } from "../setup/e2e-fixtures";
import { expect, expectAccessible, test } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";

// Whole flows with several real sign-ins (scrypt) on a shared, busy machine.
test.setTimeout(240_000);
test.use({ viewport: { width: 1440, height: 900 } });

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("change password: the current one is asked, other browsers are signed out, this one stays", async ({ page, browser }) => {
  const account = E2E_ACCOUNT_STAFF.changesPassword;
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, account.email, account.password);
  await expect(otherPage).toHaveURL(/\/edit$/);
  // A third browser, told apart in the list by its name, to sign out from this page.
  const laptop = await browser.newContext({ userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0" });
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage, account.email, account.password);
  await expect(laptopPage).toHaveURL(/\/edit$/);

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  const sessions = page.getByRole("region", { name: "Where you are signed in" }).getByRole("listitem");
  await expect(sessions).toHaveCount(3);
  await expect(sessions.first()).toContainText("This browser");
  await expectAccessible(page);

  const form = page.getByRole("region", { name: "Password" });
  await form.getByLabel("Current password").fill("not the password");
  await form.getByLabel(/^New password/).fill("short");
  await form.getByLabel("Repeat the new password").fill("different");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Use at least 12 characters.")).toBeVisible();
  await form.getByLabel(/^New password/).fill("account password changed");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("The two passwords differ.")).toBeVisible();

  await form.getByLabel("Repeat the new password").fill("account password changed");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("The current password is not right.")).toBeVisible();

  // Another form's answer: the password form's message was about its own attempt, and goes.
  const sessionsPanel = page.getByRole("region", { name: "Where you are signed in" });
  await sessionsPanel.getByRole("button", { name: "Sign out Firefox on Windows" }).click();
  await expect(sessionsPanel.getByRole("status")).toHaveText("That session has been signed out.");
  await expect(sessions).toHaveCount(2);
  await expect(form.getByText("The current password is not right.")).toHaveCount(0);
  await laptop.close();

  await form.getByLabel("Current password").fill(account.password);
  await form.getByLabel(/^New password/).fill("account password changed");
  await form.getByLabel("Repeat the new password").fill("account password changed");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("status")).toHaveText("Your password has been changed. Every other session has been signed out.");
  await expect(sessions).toHaveCount(1);
  await expectAccessible(page);

  // The other browser is out; this one is still in.
  await otherPage.goto("/edit");
  await expect(otherPage).toHaveURL(/\/$/);
  await page.goto("/edit/account");
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();

  // Sign out everywhere ends this one too; the new password signs in.
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signIn(page, account.email, "account password changed");
  await expect(page).toHaveURL(/\/edit$/);
  await other.close();
});

test("reset a forgotten password with the e-mailed link, which works once", async ({ page, baseURL }) => {
  const account = E2E_ACCOUNT_STAFF.resetsPassword;
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  // The same words for an address without an account.
  const answer = await page.getByRole("main").innerText();

  const mail = await waitForMail(baseURL!, account.email, /Reset your password/);
  const link = linkIn(mail, "/reset-password?token=");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^New password/).fill("a reset passphrase");
  await page.getByLabel("Repeat the new password").fill("a reset passphrase");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("heading", { name: "Your password has been changed" })).toBeVisible();

  // Single use.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();

  await signIn(page, account.email, account.password);
  await expect(page.getByRole("alert")).toHaveText("The e-mail address or password is incorrect.");
  await signIn(page, account.email, "a reset passphrase");
  await expect(page).toHaveURL(/\/edit$/);

  const unknown = await page.context().browser()!.newContext();
  const stranger = await unknown.newPage();
  await stranger.goto(`${baseURL}/forgot-password`);
  await stranger.getByLabel("E-mail").fill("account-reset@example.test".replace("account-reset", "nobody-here"));
  await stranger.getByRole("button", { name: "Send the link" }).click();
  await expect(stranger.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  expect((await stranger.getByRole("main").innerText()).replace("nobody-here", "account-reset")).toBe(answer);
  await unknown.close();
});
