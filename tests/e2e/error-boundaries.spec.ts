import { signInAsAdmin } from "./admin-session";
import { expect, expectAccessible, test } from "./fixtures";

// Errors are shown inside the shell people were using, public or admin.
test.describe("admin errors stay inside the admin shell", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.setTimeout(60_000);

  test("an unknown enquiry id and an unknown admin address", async ({ page }) => {
    await signInAsAdmin(page);
    const nav = page.getByRole("navigation", { name: "Admin" });

    const enquiry = await page.goto("/edit/enquiries/00000000-0000-4000-8000-000000000000");
    expect(enquiry?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Enquiry not found" })).toBeVisible();
    await expect(nav).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
    await expectAccessible(page);

    const unknown = await page.goto("/edit/zzz");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This admin page does not exist" })).toBeVisible();
    await expect(nav).toBeVisible();
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page).toHaveURL(/\/edit$/);

    // Following a link inside the admin to an unknown id keeps the shell too (client-side navigation).
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/edit/enquiries/not-a-real-id";
      link.textContent = "stale link";
      document.querySelector("main")?.append(link);
    });
    await page.getByRole("link", { name: "stale link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Enquiry not found" })).toBeVisible();
    await expect(nav).toBeVisible();
  });
});

test.describe("public errors stay inside the site's shell", () => {
  test("a request a page cannot answer shows its screen with the top bar, menu and footer", async ({ page }) => {
    await page.goto("/about");
    // A form posted to a page that takes no posts (a stale bookmark, a bot): 405, and a screen that says so.
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith("/about") && candidate.request().method() === "POST"),
      page.evaluate(() => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/about";
        document.body.append(form);
        form.submit();
      }),
    ]);
    expect(response.status()).toBe(405);
    await expect(page.getByRole("heading", { level: 1, name: "This page does not accept forms" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Open menu" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectAccessible(page);
  });
});
