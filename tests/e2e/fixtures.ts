import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Locator, type Page } from "@playwright/test";

export { expect };

/** What a page of the site reports when it breaks its Content-Security-Policy (said aloud to the test below). */
const CSP_VIOLATION = "CSP violation:";

/**
 * Runs in every page before its own scripts: the browser refuses what the policy forbids (an inline style attribute,
 * a <style> or script without the nonce) quietly, so the page says so on the console, where the test hears it.
 */
function reportViolations(prefix: string) {
  window.addEventListener("securitypolicyviolation", (event) => {
    const element = event.target instanceof Element ? event.target.outerHTML.slice(0, 160) : "";
    console.error(`${prefix} ${event.effectiveDirective} refused ${event.blockedURI || "inline"} ${event.sample} ${element}`.trim());
  });
}

/** Listens to every page of a context, the test's own and any a test opens itself (browser.newContext()). */
function guardContext(context: BrowserContext, heard: string[]) {
  void context.addInitScript(reportViolations, CSP_VIOLATION);
  context.on("console", (message) => {
    // The browser's own line too, which also comes from pages with JavaScript disabled (no init script runs there).
    if (message.text().startsWith(CSP_VIOLATION) || /Content Security Policy/.test(message.text())) {
      heard.push(`${message.page()?.url() ?? ""}: ${message.text()}`);
    }
  });
}

/**
 * Every browser test also proves the strict CSP holds (no 'unsafe-inline': docs/decisions/0032-no-inline-styles.md):
 * a test in which any page reports a violation fails, with what was refused and where.
 */
export const test = base.extend<{ cspGuard: void }, { cspViolations: string[] }>({
  cspViolations: [
    async ({ browser }, provide) => {
      const heard: string[] = [];
      browser.on("context", (context) => guardContext(context, heard));
      await provide(heard);
    },
    // Set up with the worker, before any beforeAll hook opens a context of its own.
    { scope: "worker", auto: true },
  ],
  cspGuard: [
    async ({ cspViolations }, provide) => {
      cspViolations.length = 0;
      await provide();
      expect(cspViolations, "the page broke its Content-Security-Policy").toEqual([]);
    },
    { auto: true },
  ],
});

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

/**
 * A deferred part of the page (components/deferred-component.tsx: a category's cards, the side menu) is live: its
 * code arrives after the page has hydrated, and until then its buttons and forms work as without JavaScript.
 */
export async function deferredReady(page: Page, name: string) {
  await expect(page.locator(`[data-deferred="${name}"]`)).toHaveAttribute("data-ready", "");
}

/**
 * Holds every POST to `url` (a Playwright glob) until the returned function is called, so a test can look at a form
 * while its save is on its way. Set up before the click: the pending state may show before the request is caught.
 */
export async function holdPosts(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  return release;
}
