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

/**
 * An enquiry form's validation code arrives after the page has hydrated (components/deferred-component.tsx): focuses
 * `field` as a visitor would, then waits until the form checks answers in the browser.
 */
export async function reachForForm(field: Locator) {
  await field.focus();
  await expect(field.locator("xpath=ancestor::*[@data-deferred][1]")).toHaveAttribute("data-ready", "");
}

/**
 * The page's scripts start after its first paint (app/services/scripts-after-first-paint.server.ts); until React has
 * hydrated it, buttons and forms work as without JavaScript (a full page load). Tests of in-page behaviour wait for it.
 */
export async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
}
