import fs from "node:fs";
import { SOLD_LISTING } from "../setup/e2e-fixtures";
import { readPdf } from "../setup/pdf-reader";
import { expect, expectAccessible, test } from "./fixtures";

const GULFSTREAM = "/jets/e2e-priced-gulfstream";

test.describe("listing brochure", () => {
  test("'Download brochure' on a detail page gives the listing's PDF, with its price in coins", async ({ page }) => {
    // A detail page with axe, then a PDF made and read back.
    test.slow();
    await page.goto(GULFSTREAM);
    const link = page.getByRole("link", { name: "Download brochure (PDF)" });
    await expect(link).toBeVisible();
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("e2e-priced-gulfstream-brochure.pdf");
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const { pages } = await readPdf(bytes);
    expect(pages[0]).toContain("E2E Priced Gulfstream G650");
    expect(pages[0]).toContain("USD 3,950,000");
    expect(pages[0]).toContain("BTC 43.8889");
    // The page is still there, unchanged: a download never navigates away.
    await expect(page).toHaveURL(new RegExp(`${GULFSTREAM}$`));
  });

  test("a sold listing keeps its brochure link", async ({ page }) => {
    await page.goto(`/jets/${SOLD_LISTING.id}`);
    const href = await page.getByRole("link", { name: "Download brochure (PDF)" }).getAttribute("href");
    expect(href).toBe(`/jets/${SOLD_LISTING.id}/brochure.pdf`);
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
  });

  test("printed, the page keeps the listing and the contact details and drops navigation, controls and forms", async ({ page }) => {
    await page.goto(GULFSTREAM);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { level: 1, name: "E2E Priced Gulfstream G650" })).toBeVisible();
    await expect(page.getByText("USD 3,950,000", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Aircraft Details" })).toBeVisible();
    await expect(page.getByText("E2E Priced Gulfstream G650: a fixture of the browser tests.")).toBeVisible();
    // The seller card spells out how to reach the team in place of its form and buttons.
    const card = page.getByRole("complementary", { name: "White Streams" });
    await expect(card.getByText("Enquiries", { exact: true })).toBeVisible();
    await expect(card.getByText("ceo.whitestreams@gmail.com", { exact: true })).toBeVisible();
    await expect(card.getByText(/^http:\/\/localhost:\d+\/jets\/e2e-priced-gulfstream$/)).toBeVisible();
    for (const hidden of [
      page.getByRole("navigation", { name: "Collections" }),
      page.getByRole("link", { name: "Back to Listings" }),
      page.getByRole("link", { name: "Download brochure (PDF)" }),
      page.getByRole("button", { name: "Contact Agent" }),
      page.getByRole("heading", { name: "Similar listings" }),
      page.locator("footer"),
    ]) {
      await expect(hidden).toBeHidden();
    }
    await page.emulateMedia({ media: "screen" });
    await expect(card.getByText("Enquiries", { exact: true })).toBeHidden();
  });
});
