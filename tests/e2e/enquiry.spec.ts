import type { Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { expect, expectAccessible, expectFieldError, holdPosts, reachForForm, test } from "./fixtures";

// These flows post, wait for answers and run axe; on a busy machine they need more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const LISTING = "/cars/bugatti-chiron-2019";
const DEFAULT_MESSAGE = "I would like more information about 2019 Bugatti Chiron";
const SUCCESS = "Your message has been sent successfully. We'll get back to you soon.";
// A refused field asks the visitor to check the form; "try again later" is for a send that failed.
const CHECK_THE_FORM = "There was an error sending your message. Please check the form and try again.";

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
      await reachForForm(f.name);
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

      const release = await holdPosts(page, `**${LISTING}*`);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await f.send.click();
      await expect(f.send).toHaveText("Sending...");
      await expect(f.send).toBeDisabled();
      release();

      await expect(f.form.getByRole("status")).toHaveText(SUCCESS);
      // The message sits under the form's heading, far above the button: it takes the focus, and is scrolled to.
      await expect(f.form.getByRole("status")).toBeFocused();
      await expect(f.form.getByRole("status")).toBeInViewport();
      await expect(f.send).toHaveText("Contact Agent");
      for (const field of [f.name, f.email, f.phone]) await expect(field).toHaveValue("");
      await expect(f.message).toHaveValue(DEFAULT_MESSAGE);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });

    test("a bot that fills the field people never see is told it was sent, as with any answer", async ({ page }) => {
      await page.goto(LISTING);
      const f = enquiryForm(page);
      await f.name.fill("Robot Sender");
      await f.email.fill("robot@example.com");
      await f.message.fill("Buy now");
      // What a form-filling bot does: it fills the field people never see. The honeypot drops it silently (docs/architecture.md, "Enquiries and e-mail").
      await f.form.locator("input[name=preferred_contact_time]").evaluate((input: HTMLInputElement) => (input.value = "anytime"));
      await f.send.click();
      await expect(f.form.getByRole("status")).toContainText(SUCCESS);
      await expect(f.form.getByRole("alert")).toHaveCount(0);
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
      await expect(f.form.getByRole("alert")).toContainText(CHECK_THE_FORM);
      await expect(f.form.getByRole("alert")).not.toContainText("try again later");
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
      // Sent back to the page (post, redirect, get), so a reload cannot send it again.
      await expect(page).toHaveURL(`${LISTING}?enquiry=sent#enquiry`);
      for (const field of [f.name, f.email, f.phone]) await expect(field).toHaveValue("");
      await expect(f.message).toHaveValue(DEFAULT_MESSAGE);
    });
  });
});

test.describe("a next step and a way to be reached", () => {
  test("the visitor chooses a sea trial, WhatsApp and a time; staff read them on the enquiry and in the inbox CSV", async ({ page, browser }) => {
    const stamp = Date.now().toString(36);
    const email = `next-step-${stamp}@example.test`;
    await page.goto("/yachts/spitfire");
    const form = page.getByRole("form", { name: "Enquire about this listing" });
    // The yacht's next steps, the first one (more information) chosen when nothing else is.
    await expect(form.getByLabel("Next step").locator("option")).toHaveText([
      "Request more information",
      "Arrange a viewing",
      "Arrange a sea trial",
      "Request documents",
      "Make an offer",
    ]);
    await form.getByLabel("Name").fill(`Nadia Next ${stamp}`);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Next step").selectOption({ label: "Arrange a sea trial" });
    await form.getByText("WhatsApp", { exact: true }).click();
    await form.getByRole("button", { name: "Contact Agent" }).click();
    // WhatsApp needs a number to reach.
    await expect(form.getByLabel("Phone (optional)")).toHaveAccessibleDescription("Please enter your WhatsApp number.");
    await form.getByLabel("Phone (optional)").fill("+971 50 123 4567");
    await form.getByLabel("Best time to reach you (optional)").fill("Weekday mornings, Dubai time");
    await form.getByRole("button", { name: "Contact Agent" }).click();
    await expect(form.getByRole("status")).toHaveText(SUCCESS);

    const staff = await browser.newContext();
    const admin = await staff.newPage();
    await signInAsAdmin(admin);
    await admin.goto(`/edit/enquiries?q=${encodeURIComponent(email)}`);
    await admin.getByRole("link", { name: new RegExp(`^Nadia Next ${stamp}`) }).click();
    const row = (label: string) => admin.locator("dl > div").filter({ has: admin.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
    await expect(row("Next step").locator("dd")).toHaveText("Arrange a sea trial");
    await expect(row("Preferred contact").locator("dd")).toHaveText("WhatsApp, Weekday mornings, Dubai time");
    await expect(row("Phone").locator("dd")).toHaveText("+971 50 123 4567");
    await expectAccessible(admin);

    const csv = await (await admin.request.get(`/edit/enquiries/export.csv?q=${encodeURIComponent(email)}`)).text();
    const [header, line] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toContain(",Listing URL,Next step,Preferred contact,Status,");
    expect(line).toContain(`/yachts/spitfire,Arrange a sea trial,"WhatsApp, Weekday mornings, Dubai time",`);
    await staff.close();
  });
});
