import { expect, hydrated, test } from "./fixtures";

/** The URL once the location filter is `value` (URLSearchParams writes spaces as +). */
const withLocation = (value: string) => new RegExp(`[?&]location=${encodeURIComponent(value).replace(/%20/g, "\\+")}(&|$)`);

// A keyboard user can step through the filter and sort choices without losing focus. That is the hydrated page's
// behaviour: before its scripts have run, a choice loads the next page in full, as it does without JavaScript.
test.describe("filters and sort by keyboard", () => {
  test("arrow keys step through a filter select: the URL follows and focus stays on the select", async ({ page }) => {
    await page.goto("/yachts");
    await hydrated(page);
    await page.locator("summary", { hasText: "Filters" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    const location = page.getByRole("combobox", { name: "Location" });
    await expect(location).toBeFocused();
    const options = await location.locator("option").evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
    expect(options.length).toBeGreaterThan(2);

    await page.keyboard.press("ArrowDown");
    await expect(page).toHaveURL(withLocation(options[1]!));
    await expect(location).toBeFocused();
    await expect(location).toHaveValue(options[1]!);

    await page.keyboard.press("ArrowDown");
    await expect(location).toHaveValue(options[2]!);
    await expect(page).toHaveURL(withLocation(options[2]!));
    await expect(location).toBeFocused();

    await page.keyboard.press("ArrowUp");
    await expect(page).toHaveURL(withLocation(options[1]!));
    await page.keyboard.press("ArrowUp");
    await expect(page).toHaveURL(/\/yachts$/);
    await expect(location).toBeFocused();
    await expect(location).toHaveValue("");

    // Back restores the previous choice in the select too.
    await page.goBack();
    await expect(location).toHaveValue(options[1]!);
  });

  test("the year select on cars keeps focus while its results load", async ({ page }) => {
    await page.goto("/cars");
    await hydrated(page);
    await page.locator("summary", { hasText: "Filters" }).click();
    const year = page.getByRole("combobox", { name: "Year" });
    await year.focus();
    await page.keyboard.press("ArrowDown");
    await expect(page).toHaveURL(/year=2024%2B/);
    await page.keyboard.press("ArrowDown");
    await expect(page).toHaveURL(/year=2020-2023/);
    await expect(year).toBeFocused();
    await expect(page.getByRole("status")).toHaveText(/matches your search|match your search/);
  });

  test("choosing a sort with the keyboard closes the menu and leaves focus on its button", async ({ page }) => {
    await page.goto("/cars");
    await hydrated(page);
    const sort = page.locator("summary", { hasText: "Sort by:" });
    await sort.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Newest" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/sort=newest/);
    await expect(sort).toHaveText(/Sort by: newest/);
    await expect(sort).toBeFocused();
    await expect(page.getByRole("link", { name: "Featured" })).toBeHidden();
  });
});
