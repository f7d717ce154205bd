import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

export { expect, test } from "@playwright/test";

/** Runs axe on the page as it is now; fails on any serious or critical violation. */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const summary = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .map((node) => node.target.join(" "))
        .slice(0, 5)
        .join("\n  ")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}

/** A form field marked invalid: the message under it (tied by aria-describedby) and the red border. */
export async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
  await expect(field).toHaveClass(/border-red-600/);
}

export async function expectNoFieldError(field: Locator) {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(field).not.toHaveClass(/border-red-600/);
}
