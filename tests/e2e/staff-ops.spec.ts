import type { Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { expect, expectAccessible, holdPosts, test } from "./fixtures";
import { test as isolatedTest } from "./isolated-server";

// Whole flows with a real sign-in (scrypt) on a shared, busy machine: more than the default 30 s.
test.setTimeout(120_000);

/** Posts an enquiry the way a browser without JavaScript does; the name is unique to the calling test. */
async function postEnquiry(page: Page, values: { name: string; email: string; message: string; phone?: string }) {
  const response = await page.request.post("/contact", {
    form: {
      name: values.name,
      email: values.email,
      phone: values.phone ?? "",
      interest: "Yachts",
      message: values.message,
      submission_id: crypto.randomUUID(),
      preferred_contact_time: "",
    },
  });
  expect(response.status()).toBe(200);
}

test.describe("inbox without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("filter, open, move through the pipeline, assign, note and reply, on a phone", async ({ page }) => {
    const name = `Nojs Buyer ${Date.now()}`;
    await postEnquiry(page, { name, email: `nojs-${Date.now()}@example.test`, message: "Is the yacht available for a sea trial in May?" });
    await signInAsAdmin(page);

    await page.goto("/edit/enquiries");
    await page.getByLabel("Search by name, e-mail, phone, message or reference").fill(name);
    await page.getByLabel("Status").selectOption("new");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/status=new/);
    await expect(page).toHaveURL(/q=Nojs/);
    await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("link", { name: new RegExp(name) }).click();
    await expect(page.getByRole("heading", { name: `Enquiry from ${name}` })).toBeVisible();
    await expect(page.getByText("Notification to the team")).toBeVisible();
    await expect(page.getByText("Acknowledgement to the visitor")).toBeVisible();

    await page.getByLabel("Status").selectOption("qualified");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByText("Status saved.")).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("qualified");

    await page.getByLabel("Assignee").selectOption({ label: "Test Administrator" });
    await page.getByRole("button", { name: "Save" }).nth(1).click();
    await expect(page.getByText("Assignee saved.")).toBeVisible();

    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Write the note first.")).toBeVisible();
    await page.getByLabel("Add a note").fill("Called: sea trial pencilled for 12 May.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Note added.")).toBeVisible();
    await expect(page.getByText("Called: sea trial pencilled for 12 May.")).toBeVisible();
    await expect(page.getByText(/Test Administrator · /)).toBeVisible();

    await page.getByLabel(/^Reply to /).fill("Dear buyer,\n\nMay suits the owner. We will confirm the day.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText(/Reply queued/)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "May suits the owner" })).toContainText("Reply");
  });
});

test.describe("personal data without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("find, export and erase an address with plain forms", async ({ page }) => {
    const email = `privacy-nojs-${Date.now()}@example.test`;
    await postEnquiry(page, { name: "Plain Person", email, message: "Erase me, no scripts needed." });
    await signInAsAdmin(page);
    await page.goto("/edit/enquiries/privacy");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/\/edit\/enquiries\/privacy$/);
    await expect(page.getByRole("heading", { name: `1 enquiry from ${email}` })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export as JSON" }).click();
    const exported = JSON.parse((await import("node:fs")).readFileSync(await (await download).path(), "utf8")) as {
      enquiries: { message: string }[];
    };
    expect(exported.enquiries.map((enquiry) => enquiry.message)).toEqual(["Erase me, no scripts needed."]);
    await page.getByLabel("Confirm the address").fill(email);
    await page.getByRole("button", { name: "Erase everything about this address" }).click();
    await expect(page.getByRole("status")).toContainText("Erased 1 enquiry");
    await expect(page.getByRole("heading", { name: `0 enquiries from ${email}` })).toBeVisible();
  });
});

test.describe("staff operations with JavaScript", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the inbox and an enquiry pass axe", async ({ page }) => {
    const name = `Axe Buyer ${Date.now()}`;
    await postEnquiry(page, { name, email: `axe-${Date.now()}@example.test`, message: "A question about the SPITFIRE." });
    await signInAsAdmin(page);
    // Its own enquiry, found by name: other tests' enquiries may push it off the first page.
    await page.goto(`/edit/enquiries?q=${encodeURIComponent(name)}`);
    await expectAccessible(page);
    await page.getByRole("link", { name: new RegExp(name) }).click();
    await expect(page.getByRole("heading", { name: `Enquiry from ${name}` })).toBeVisible();
    await expectAccessible(page);
  });

  test("exports the current filter as CSV with formulas neutralised", async ({ page }) => {
    const marker = `Csv${Date.now()}`;
    await postEnquiry(page, {
      name: `${marker} Buyer`,
      email: `csv-${Date.now()}@example.test`,
      message: '=HYPERLINK("http://evil.example","click")',
    });
    await signInAsAdmin(page);
    await page.goto(`/edit/enquiries?q=${marker}`);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await (await download).path();
    const csv = (await import("node:fs")).readFileSync(file, "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${marker} Buyer`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  test("personal data: export as JSON, then erase on request", async ({ page }) => {
    const email = `privacy-${Date.now()}@example.test`;
    await postEnquiry(page, { name: "Private Person", email, message: "Please forget me after this." });
    await signInAsAdmin(page);
    // The address is posted, never put in a URL: request logs and the browser's history never hold it.
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    await page.goto("/edit/enquiries");
    await page.getByRole("link", { name: "Personal data requests" }).click();
    await page.getByLabel("E-mail address").fill("not an address");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByText("Enter a full e-mail address.")).toBeVisible();
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByRole("heading", { name: `1 enquiry from ${email}` })).toBeVisible();
    await expect(page.getByLabel("E-mail address")).toHaveValue(email);
    await expectAccessible(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export as JSON" }).click();
    const exported = JSON.parse((await import("node:fs")).readFileSync(await (await download).path(), "utf8")) as {
      enquiries: { message: string }[];
    };
    expect(exported.enquiries.map((enquiry) => enquiry.message)).toEqual(["Please forget me after this."]);
    await page.getByRole("button", { name: "Erase everything about this address" }).click();
    await expect(page.getByText("Type the address again to confirm.")).toBeVisible();
    await page.getByLabel("Confirm the address").fill("someone-else@example.test");
    await page.getByRole("button", { name: "Erase everything about this address" }).click();
    await expect(page.getByText("Type the same address again to confirm the erasure.")).toBeVisible();
    await page.getByLabel("Confirm the address").fill(email);
    await page.getByRole("button", { name: "Erase everything about this address" }).click();
    await expect(page.getByRole("status")).toContainText("Erased 1 enquiry");
    await expect(page.getByRole("heading", { name: `0 enquiries from ${email}` })).toBeVisible();
    expect(urls.filter((url) => url.includes(encodeURIComponent(email)) || url.includes(email))).toEqual([]);
    await page.goto("/edit/activity?kind=enquiry");
    await expect(page.getByRole("listitem").filter({ hasText: "erased on request" }).first()).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
  });
});

/**
 * Site-wide state: the bell's count and the settings every public page shows. On a private server, so enquiries
 * other tests send meanwhile cannot move the count, and changed settings cannot reach other tests' pages.
 */
isolatedTest.describe("site-wide staff operations (a private server)", () => {
  isolatedTest.use({ viewport: { width: 1440, height: 900 } });
  isolatedTest.setTimeout(150_000);

  isolatedTest("the bell and the dashboard follow a new enquiry live, without a reload", async ({ page, browser }) => {
    await signInAsAdmin(page);
    const bell = page.getByRole("link", { name: /^Enquiries: \d+ unopened$|^Enquiries: none unopened$/ });
    const before = Number((await bell.getAttribute("aria-label"))!.match(/\d+/)?.[0] ?? 0);
    const pipelineNew = Number(await page.getByTestId("pipeline-new").textContent());
    // Give the event stream a moment to connect, then a visitor elsewhere sends an enquiry.
    await page.waitForTimeout(500);
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    const sentAt = Date.now();
    await postEnquiry(visitorPage, { name: `Live Buyer ${sentAt}`, email: `live-${sentAt}@example.test`, message: "Ring the bell." });
    // Counted from the visitor's answer (the post, its e-mail and the contact page it is sent back to), not from
    // before the post: this times the bell, not a busy test machine's answer to a post (on one run, post and bell
    // together took 4.06 s against an earlier 4 s budget counted from before the post).
    await expect(page.getByRole("link", { name: `Enquiries: ${before + 1} unopened` })).toBeVisible({ timeout: 2_000 });
    await expect(page.getByTestId("pipeline-new")).toHaveText(String(pipelineNew + 1));
    await visitor.close();
  });

  isolatedTest("settings: clear messages, saved values reach the public pages at once, and the change is in the activity trail", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/edit/settings");
    await expectAccessible(page);
    const hours = `By appointment ${Date.now()}`;
    await page.getByLabel("Working hours").fill(hours);
    await page.getByLabel("WhatsApp").fill("971 50 123");
    await page.getByLabel("Instagram").fill("https://evil.example/x");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Enter the WhatsApp number in international format", { exact: false })).toBeVisible();
    await expect(page.getByText("Enter the full Instagram address, starting with https://instagram.com/, or leave it empty.")).toBeVisible();
    await page.getByLabel("WhatsApp").fill("+971 50 123 4567");
    await page.getByLabel("Instagram").fill("https://instagram.com/whitestreams");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status")).toHaveText(/Saved \d+ change/);

    await page.goto("/contact");
    await expect(page.getByText(hours)).toBeVisible();
    await expect(page.getByRole("link", { name: "WhatsApp +971 50 123 4567" }).first()).toHaveAttribute("href", "https://wa.me/971501234567");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Instagram" })).toHaveAttribute(
      "href",
      "https://instagram.com/whitestreams",
    );

    await page.goto("/edit/activity?kind=settings");
    const entry = page.getByRole("listitem").filter({ hasText: hours }).first();
    await expect(entry).toContainText("Test Administrator");
    // Fields read as on the Settings screen, never as the code's keys.
    await expect(entry.locator("dt")).toContainText(["Working hours"]);
    await expect(entry).not.toContainText("workingHours");
    await expect(entry.locator("ins")).toContainText([hours]);
    await expectAccessible(page);

    // The person and date filters: today's change by this person is found; a day long past has nothing.
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel("Person").selectOption({ label: "Test Administrator <admin@example.test>" });
    await expect(page).toHaveURL(/actor=/);
    await page.getByLabel("From").fill(today);
    await page.getByLabel("To").fill(today);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
    await expect(page.getByRole("listitem").filter({ hasText: hours }).first()).toBeVisible();
    await page.getByLabel("From").fill("2001-01-01");
    await page.getByLabel("To").fill("2001-01-31");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Nothing recorded for this filter.")).toBeVisible();
  });

  isolatedTest(
    "settings: a shorter retention period is saved only once confirmed, after saying what it deletes and by when; with and without JavaScript",
    async ({ page, browser, baseURL }) => {
      await signInAsAdmin(page);
      await page.goto("/edit/settings");
      const months = page.getByLabel("Keep enquiries for (months)");
      const stored = await months.inputValue();
      await months.fill("1");
      // Enter in the field sends "Save settings": asked, not saved, and taken to the question.
      await months.press("Enter");
      const question = page.getByRole("region", { name: `Shorten the retention period from ${stored} to 1 month?` });
      await expect(question).toBeFocused();
      await expect(question).toContainText(
        /(\d+ stored enquir(y is|ies are) older than 1 month \(received before .+ UTC\)\. The daily clean-up will delete (it|them) for good, with (its|their) e-mails and notes, by .+ UTC\.|No stored enquiry is older than 1 month)/,
      );
      await expect(page.getByText("Not saved yet: a shorter retention period needs your confirmation, under “Personal data” below.")).toBeVisible();
      await expect(months).toHaveValue("1");
      await expectAccessible(page);
      const confirm = page.getByRole("button", { name: /^Shorten to 1 month/ });
      await expect(confirm).toHaveAccessibleDescription(/older than 1 month/);
      await confirm.click();
      await expect(page.getByRole("status")).toHaveText("Saved 1 change.");
      await expect(months).toHaveValue("1");

      // Lengthening asks nothing. "Saved" above means the form has started over from the saved values, so what is
      // typed at once is what the next save sends. While that save is on its way (held here), the last "Saved" is gone
      // and the fields take no typing, which the form, starting over from the saved values again, would drop.
      await months.fill("3");
      const sent = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/edit/settings"));
      const release = await holdPosts(page, "**/edit/settings*");
      await page.getByRole("button", { name: "Save settings" }).click();
      expect(new URLSearchParams((await sent).postData() ?? "").get("retentionMonths")).toBe("3");
      await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
      await expect(page.getByRole("status")).toHaveCount(0);
      await expect(months).not.toBeEditable();
      release();
      await expect(page.getByRole("status")).toHaveText("Saved 1 change.");
      // "Save settings" is at the foot of a long page: the notice at its top takes the focus and is scrolled to.
      await expect(page.getByRole("status")).toBeFocused();
      await expect(page.getByRole("status")).toBeInViewport();
      await expect(months).toBeEditable();
      await expect(months).toHaveValue("3");
      await page.reload();
      await expect(months).toHaveValue("3");

      // Without JavaScript: the same question on the answered page, and its plain button saves.
      const plain = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const plainPage = await plain.newPage();
      await signInAsAdmin(plainPage);
      await plainPage.goto("/edit/settings");
      await plainPage.getByLabel("Keep enquiries for (months)").fill("2");
      await plainPage.getByRole("button", { name: "Save settings" }).click();
      await expect(plainPage.getByRole("heading", { name: "Shorten the retention period from 3 to 2 months?" })).toBeVisible();
      await plainPage.getByRole("button", { name: /^Shorten to 2 months/ }).click();
      await expect(plainPage.getByRole("status")).toHaveText("Saved 1 change.");
      await expect(plainPage.getByLabel("Keep enquiries for (months)")).toHaveValue("2");
      await plain.close();
    },
  );
});
