import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { signInAsAdmin } from "./admin-session";
import { linkIn, waitForMail } from "./mailbox";

// Whole flows with several real sign-ins (Argon2) on a shared, busy machine.
test.setTimeout(240_000);
test.use({ viewport: { width: 1440, height: 900 } });

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("an Owner invites an Editor by e-mail, who joins with the link once, cannot open Users, and is signed out when deactivated", async ({
  page,
  browser,
  baseURL,
}) => {
  const invitee = { email: "users-invited-editor@example.test", name: "Iris Invited", password: "iris chooses a long passphrase" };
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expectAccessible(page);

  // The address is checked on the server too: an address with an account is refused, and what was typed stays.
  const invite = page.getByRole("region", { name: "Invite a member of staff" });
  await invite.getByLabel("E-mail address").fill("admin@example.test");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("admin@example.test already has a staff account.")).toBeVisible();
  await expect(invite.getByLabel("E-mail address")).toHaveValue("admin@example.test");

  await invite.getByLabel("E-mail address").fill(invitee.email);
  await invite.getByText("Editor", { exact: true }).click();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("status")).toHaveText(`An invitation to join as Editor is on its way to ${invitee.email}.`);
  const waiting = page.getByRole("region", { name: "Invitations" }).getByRole("listitem").filter({ hasText: invitee.email });
  await expect(waiting).toContainText("Invited");
  await expectAccessible(page);

  // The invitee's own browser: the e-mailed link, their name and a password (the usual policy), then the admin.
  const mail = await waitForMail(baseURL!, invitee.email, /invitation/i);
  const link = linkIn(mail, "/accept-invitation?token=");
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(link);
  await expect(them.getByRole("heading", { name: /^Join / })).toBeVisible();
  await expect(them.getByRole("main")).toContainText(`invited ${invitee.email} to join the staff as Editor`);
  await expectAccessible(them);
  await them.getByLabel("Your name").fill(invitee.name);
  await them.getByLabel("Password", { exact: true }).fill("password1234");
  await them.getByLabel("Repeat password").fill("password1234");
  await them.getByRole("button", { name: "Create my account" }).click();
  await expect(them.getByText(/one of the most common/)).toBeVisible();
  await them.getByLabel("Password", { exact: true }).fill(invitee.password);
  await them.getByLabel("Repeat password").fill(invitee.password);
  await them.getByRole("button", { name: "Create my account" }).click();
  await expect(them).toHaveURL(/\/edit$/);

  // The link worked once.
  await them.goto(link);
  await expect(them.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
  await expect(them.getByRole("main")).toContainText("This invitation has already been used.");

  // They sign in with the password they chose, as an Editor: no Users in the menu, and the page refuses them.
  // (Accepting signed them in; a fresh browser shows the password works.)
  await theirs.clearCookies();
  await signIn(them, invitee.email, invitee.password);
  await expect(them).toHaveURL(/\/edit$/);
  const theirMenu = them.getByRole("navigation", { name: "Admin" });
  await expect(theirMenu.getByRole("link", { name: "Listings" })).toBeVisible();
  await expect(theirMenu.getByRole("link", { name: "Users" })).toHaveCount(0);
  const refused = await them.goto("/edit/users");
  expect(refused?.status()).toBe(403);
  await expect(them.getByText("Your role (Editor) does not give access to this part of the admin area.")).toBeVisible();

  // The Owner sees them and deactivates them.
  await page.reload();
  await expect(page.getByRole("region", { name: "Invitations" })).not.toContainText(invitee.email);
  const row = page.getByRole("region", { name: "Staff", exact: true }).getByRole("listitem").filter({ hasText: invitee.email });
  await expect(row).toContainText(invitee.name);
  await expect(row).toContainText("Editor");
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Last signed in");
  // Deactivating asks first, in the page itself (a popover, so without JavaScript too), naming them and saying what
  // happens; the safe choice has the focus. Cancel changes nothing and gives the focus back to the button.
  const deactivate = row.getByRole("button", { name: `Deactivate ${invitee.name}` });
  await deactivate.click();
  const asked = row.getByRole("alertdialog", { name: `Deactivate ${invitee.name} (${invitee.email})?` });
  await expect(asked).toBeVisible();
  await expect(asked).toContainText(/They are signed out everywhere at once \(\d+ open sessions?\) and can no longer sign in\./);
  await expect(asked).toContainText("Reactivate undoes this: they can sign in again, with the same role.");
  await expect(asked.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(asked).toBeHidden();
  await expect(deactivate).toBeFocused();
  await expect(row).toContainText("Active");
  await them.goto("/edit/listings");
  await expect(them).toHaveURL(/\/edit\/listings$/);

  // From the keyboard, confirmed: their session ends at once and sign-in says why.
  await deactivate.press("Enter");
  await expect(asked.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(asked.getByRole("button", { name: "Deactivate", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(row.getByRole("status")).toHaveText(`${invitee.name} has been deactivated and signed out everywhere.`);
  await expect(row).toContainText("Deactivated");
  // Reactivate, in Deactivate's place, has the focus.
  await expect(row.getByRole("button", { name: `Reactivate ${invitee.name}` })).toBeFocused();

  await them.goto("/edit/listings");
  await expect(them).toHaveURL(/\/$/);
  await signIn(them, invitee.email, invitee.password);
  await expect(them.getByRole("alert")).toHaveText("This account has been deactivated. Ask an Owner of the site if you need access again.");

  // Reactivated, with a new role, they are back in with that role.
  await row.getByRole("button", { name: `Reactivate ${invitee.name}` }).click();
  await expect(row.getByRole("status")).toHaveText(`${invitee.name} can sign in again.`);
  await expect(deactivate).toBeFocused();
  await row.getByLabel(`Role of ${invitee.name}`, { exact: true }).selectOption("sales");
  await row.getByRole("button", { name: `Change the role of ${invitee.name}` }).click();
  await expect(row.getByRole("status")).toHaveText(`${invitee.name} is now Sales.`);
  await signIn(them, invitee.email, invitee.password);
  await expect(them).toHaveURL(/\/edit$/);
  await expect(them.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Enquiries" })).toBeVisible();
  await expect(them.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Listings" })).toHaveCount(0);
  await theirs.close();

  // The trail has every step.
  await page.goto("/edit/activity?kind=user");
  for (const action of ["invited", "invitation accepted", "deactivated", "reactivated", "role changed"])
    await expect(page.getByRole("main")).toContainText(action);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an Owner invites, sends again and withdraws with plain forms", async ({ page, baseURL }) => {
    const email = "users-nojs-invitee@example.test";
    await signInAsAdmin(page);
    await page.goto("/edit/users");
    const invite = page.getByRole("region", { name: "Invite a member of staff" });
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByText("Enter the e-mail address to invite.")).toBeVisible();
    await invite.getByLabel("E-mail address").fill(email);
    await invite.getByText("Sales", { exact: true }).click();
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByRole("status")).toHaveText(`An invitation to join as Sales is on its way to ${email}.`);
    const first = linkIn(await waitForMail(baseURL!, email, /invitation/i), "/accept-invitation?token=");

    const invitations = page.getByRole("region", { name: "Invitations" });
    await invitations.getByRole("button", { name: `Send again: the invitation to ${email}` }).click();
    await expect(invitations.getByRole("status")).toHaveText(`An invitation to join as Sales is on its way to ${email}.`);
    await invitations.getByRole("button", { name: `Withdraw the invitation to ${email}` }).click();
    await expect(invitations.getByRole("status")).toHaveText(`The invitation to ${email} has been withdrawn; its link no longer works.`);
    await expect(invitations.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);

    await page.goto(first);
    await expect(page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("It may have been withdrawn or replaced by a newer invitation.");
  });
});
