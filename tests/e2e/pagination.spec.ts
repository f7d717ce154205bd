import { expect, expectAccessible, test } from "./fixtures";

// A page number past the last page says so, and counts read as English.
test("a page past the last says there is no such page, answers 404 and links back", async ({ page }) => {
  const response = await page.goto("/real-estate?page=99");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "There is no page 99" })).toBeVisible();
  await expect(page.getByText("No listings match your search")).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Go to the first page" }).click();
  await expect(page).toHaveURL(/\/real-estate\??$/);
  await expect(page.getByRole("main").locator("article h3").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: /There is no page/ })).toHaveCount(0);
});

test("a missing page keeps the search: the link back goes to the same search's last page", async ({ page }) => {
  await page.goto("/cars?q=ferrari&page=4");
  await expect(page.getByRole("heading", { name: "There is no page 4" })).toBeVisible();
  await expect(page.getByText("This listing fits on 1 page.")).toBeVisible();
  await page.getByRole("link", { name: "Go to the first page" }).click();
  await expect(page).toHaveURL(/\/cars\?q=ferrari$/);
  await expect(page.getByRole("main").locator("article h3")).toHaveText(["1990 Ferrari F40"]);
});

test("counts and options agree with their numbers", async ({ page }) => {
  await page.goto("/cars?q=ferrari");
  await expect(page.getByRole("status")).toHaveText("1 listing matches your search");
  await page.goto("/cars?year=-2015");
  await expect(page.getByRole("status")).toHaveText("2 listings match your search");
  await page.goto("/real-estate");
  await page.locator("summary", { hasText: "Filters" }).click();
  const bedrooms = page.getByRole("combobox", { name: "Bedrooms" }).locator("option");
  await expect(bedrooms.nth(1)).toHaveText("1 Bedroom");
  await expect(bedrooms.nth(2)).toHaveText("2 Bedrooms");
  await expect(bedrooms.last()).toHaveText("8+ Bedrooms");
});
