import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectFieldError, test } from "./fixtures";

// These flows post, wait for answers and run axe; on a busy machine they need more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const LISTING = "/cars/bugatti-chiron-2019";
const DEFAULT_MESSAGE = "I would like more information about 2019 Bugatti Chiron";
const SUCCESS = "Your message has been sent successfully. We'll get back to you soon.";
const FAILURE = "There was an error sending your message. Please try again later.";

function enquiryForm(page: Page) {
  const form = page.getByRole("form", { name: "Enquire about this listing" });
  return {
    form,
    name: form.getByLabel("Name"),
    email: form.getByLabel("Email"),
    phone: form.getByLabel("Phone (optional)"),
    message: form.getByLabel("Message"),
    send: form.getByRole("button", { name: /Contact Agent|Sending\.\.\./ }),
  };
}

test.describe("detail page enquiry form", () => {
  test("sits in the seller card with the spec's fields and a pre-filled message", async ({ page }) => {
    await page.goto(LISTING);
    const f = enquiryForm(page);
    await expect(f.message).toHaveValue(DEFAULT_MESSAGE);
    await expect(f.message).toHaveAttribute("rows", "4");
    for (const field of [f.name, f.email, f.message]) await expect(field).toHaveAttribute("required", "");
    await expect(f.phone).not.toHaveAttribute("required");
    await expect(f.email).toHaveAttribute("type", "email");
    await expect(f.send).toHaveText("Contact Agent");
  });

  test.describe("with JavaScript", () => {
    test("shows each field's message, then sends without a page load: success clears the form and restores the message", async ({ page }) => {
      await page.goto(LISTING);
      const f = enquiryForm(page);
      await expect(f.form).toHaveAttribute("novalidate", "");
      await f.message.fill("");
      await f.send.click();
      await expectFieldError(f.name, "Name is required.");
      await expectFieldError(f.email, "Email is required.");
      await expectFieldError(f.message, "Message is required.");
      await expectAccessible(page);

      await f.name.fill("Ada Lovelace");
      await f.email.fill("ada@example");
      await f.send.click();
      await expectFieldError(f.email, "Please enter a valid email address.");
      await f.email.fill("ada@example.com");
      await f.phone.fill("+44 20 7946 0958");
      await f.message.fill("Is the car still available?");

      let release: () => void = () => {};
      await page.route(`**${LISTING}*`, async (route) => {
        if (route.request().method() === "POST") await new Promise<void>((resolve) => (release = resolve));
        await route.continue();
      });
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await f.send.click();
      await expect(f.send).toHaveText("Sending...");
      await expect(f.send).toBeDisabled();
      release();

      await expect(f.form.getByRole("status")).toHaveText(SUCCESS);
      await expect(f.send).toHaveText("Contact Agent");
      for (const field of [f.name, f.email, f.phone]) await expect(field).toHaveValue("");
      await expect(f.message).toHaveValue(DEFAULT_MESSAGE);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });

    test("a refused enquiry shows the failure and keeps every value", async ({ page }) => {
      await page.goto(LISTING);
      const f = enquiryForm(page);
      await expect(f.form).toHaveAttribute("novalidate", "");
      await f.name.fill("Robot Sender");
      await f.email.fill("robot@example.com");
      await f.phone.fill("555");
      await f.message.fill("Buy now");
      // What a form-filling bot does: it fills the field people never see.
      await f.form.locator("input[name=preferred_contact_time]").evaluate((input: HTMLInputElement) => (input.value = "anytime"));
      await f.send.click();
      await expect(f.form.getByRole("alert")).toContainText(FAILURE);
      await expect(f.name).toHaveValue("Robot Sender");
      await expect(f.email).toHaveValue("robot@example.com");
      await expect(f.phone).toHaveValue("555");
      await expect(f.message).toHaveValue("Buy now");
      await expectAccessible(page);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server shows the failure with the field's message and keeps every value", async ({ page }) => {
      await page.goto(LISTING);
      const f = enquiryForm(page);
      await f.name.fill("Ada Lovelace");
      await f.email.fill("ada@example");
      await f.phone.fill("+1 555 0100");
      await f.message.fill("Viewing in Beverly Hills?");
      await f.send.click();
      await expect(f.form.getByRole("alert")).toContainText(FAILURE);
      await expectFieldError(f.email, "Please enter a valid email address.");
      await expect(f.name).toHaveValue("Ada Lovelace");
      await expect(f.email).toHaveValue("ada@example");
      await expect(f.phone).toHaveValue("+1 555 0100");
      await expect(f.message).toHaveValue("Viewing in Beverly Hills?");

      await f.form.evaluate((form: HTMLFormElement) => (form.noValidate = true));
      await f.name.fill("");
      await f.message.fill("");
      await f.send.click();
      await expectFieldError(f.name, "Name is required.");
      await expectFieldError(f.message, "Message is required.");
    });

    test("a valid enquiry is accepted; the form comes back cleared with the default message", async ({ page }) => {
      await page.goto(LISTING);
      const f = enquiryForm(page);
      await f.name.fill("Grace Hopper");
      await f.email.fill("grace@example.com");
      await f.send.click();
      await expect(f.form.getByRole("status")).toHaveText(SUCCESS);
      await expect(page).toHaveURL(`${LISTING}#enquiry`);
      for (const field of [f.name, f.email, f.phone]) await expect(field).toHaveValue("");
      await expect(f.message).toHaveValue(DEFAULT_MESSAGE);
    });
  });
});
