/**
 * Imported first by root.tsx, so it runs before any route module builds a schema. Zod otherwise tries `new Function`
 * once to see whether it may compile its parsers; the CSP forbids eval, and the browser reports the refusal as a
 * violation even though zod catches it (the browser tests fail on any violation: tests/e2e/fixtures.ts).
 *
 * Zod keeps its settings in this global, shared by every copy of it (zod/v4/core/core.js), so setting it here costs
 * pages without a form nothing: importing zod's config() would load zod's core on every page. The object is changed,
 * not replaced, as a zod already loaded holds it. zod-without-eval.test.ts proves zod reads it.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;
