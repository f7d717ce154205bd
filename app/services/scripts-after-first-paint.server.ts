import { Transform } from "node:stream";

/**
 * The page's JavaScript waits for its first paint.
 *
 * React Router's <Scripts> lists every module of the page as a `<link rel="modulepreload">` in the head and starts its
 * module bootstrap as soon as the parser reaches it. On a phone over a slow network those 20-odd requests share the
 * first seconds with the stylesheet and the main photo, and the photo (the page's largest paint) arrives late. Pages
 * are rendered in full on the server and work before (and without) JavaScript, so the scripts can wait: the head
 * keeps the stylesheet, the fonts and the main photo's preload, and the bootstrap first waits until the main photo
 * (`img[fetchpriority=high]`) is on the screen, or the first paint of a page without one, then asks for every module
 * (the same preloads, added then, a few per task: PRELOAD_IN_BATCHES) and hydrates as before. A photo that takes too
 * long does not hold the scripts past WAIT_CAP_MS.
 *
 * The rewrite works on the markup React Router 7 generates; a shell that does not look as expected is sent as it is.
 */

const WAIT_CAP_MS = 3000;

/**
 * Runs in the browser, inside the bootstrap module, before any module is requested: resolves once the browser reports
 * the main photo painted (a largest-contentful-paint entry for it) or, on a page without one, its first contentful
 * paint. A photo that fails, or a browser without these entries, goes on after the load event's next frame.
 */
const WAIT_FOR_FIRST_PAINT = `await new Promise((resolve) => {
  setTimeout(resolve, ${WAIT_CAP_MS});
  const nextFrame = () => requestAnimationFrame(() => setTimeout(resolve, 0));
  const photo = document.querySelector('img[fetchpriority="high"]');
  const type = photo ? "largest-contentful-paint" : "paint";
  const painted = (entry) => (photo ? entry.element === photo : entry.name === "first-contentful-paint");
  if (photo) photo.addEventListener("error", resolve);
  if (photo && photo.complete && !photo.naturalWidth) resolve();
  else if (!PerformanceObserver.supportedEntryTypes?.includes(type)) addEventListener("load", nextFrame);
  else new PerformanceObserver((list, observer) => list.getEntries().some(painted) && (observer.disconnect(), resolve())).observe({ type, buffered: true });
});`;

/**
 * Runs in the browser before the wait: until the page has hydrated (root sets data-hydrated), a choice in a select of
 * a `form[data-submit-on-change]` (the currency and the filters) sends its form the plain way, so a visitor quicker
 * than the scripts still gets what they chose. Once hydrated, the form's own handler does it without a page load.
 *
 * Words typed into such a form's field (the category search) are not sent at each keystroke: hydration puts the
 * field's rendered value back, so they are remembered and typed again once the page has hydrated (an input event
 * with a value React has not seen), and the form's own handler searches for them. Here rather than in the
 * form's component: the page's modules stay as small as they were.
 */
const EARLY_CHOICES = `const hydrated = () => document.documentElement.hasAttribute("data-hydrated");
document.addEventListener("change", (event) => {
  const form = event.target.closest?.("form[data-submit-on-change]");
  if (form && event.target.tagName === "SELECT" && !hydrated()) form.requestSubmit();
});
const typedEarly = new Map();
document.addEventListener("input", (event) => {
  const field = event.target;
  if (field.tagName === "INPUT" && field.closest?.("form[data-submit-on-change]") && !hydrated()) typedEarly.set(field, field.value);
});
new MutationObserver((records, observer) => {
  if (!hydrated()) return;
  observer.disconnect();
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
  for (const [field, value] of typedEarly) {
    if (!field.isConnected) continue;
    // React may or may not have put the rendered value back yet: it is told the field is empty (its own setter), the
    // words go in behind it (the plain setter), and the input event shows it a change either way.
    field.value = "";
    setValue.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}).observe(document.documentElement, { attributeFilter: ["data-hydrated"] });`;

/** How many module preloads the bootstrap adds before it lets the browser do anything else. */
const PRELOAD_BATCH = 4;

/**
 * Runs in the browser once the page has painted: asks for every module the head listed (modulePreloads), a few at a
 * time. Each added <link rel="modulepreload"> starts its fetch there and then, about 1 ms of the main thread apiece on
 * a desktop CPU: the 17 of a listing, added at once, made one task of about 28 ms (some 110 ms on Lighthouse's slowed
 * phone CPU), all of it blocking. Between batches the page can answer a tap and paint; scheduler.yield() resumes ahead
 * of other tasks where the browser has it.
 */
const PRELOAD_IN_BATCHES = `for (let index = 0; index < modulePreloads.length; index++) {
  if (index > 0 && index % ${PRELOAD_BATCH} === 0) await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve)));
  document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: modulePreloads[index] }));
}`;

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const BOOTSTRAP = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^\s*import \* as (\w+) from ("[^"]+");\s*$/gm;
const BARE_IMPORT = /^\s*import ("[^"]+");?\s*$/gm;

/**
 * The document with its module preloads taken out of the head and its module bootstrap waiting for the first paint,
 * or undefined while `html` does not yet hold the whole bootstrap script (or holds no bootstrap to rewrite).
 */
export function deferScripts(html: string): string | undefined {
  const bootstrap = BOOTSTRAP.exec(html);
  if (!bootstrap) return undefined;
  const [whole, open, body, close] = bootstrap as unknown as [string, string, string, string];
  const preloads = [...html.slice(0, bootstrap.index).matchAll(MODULE_PRELOAD)]
    .map(([tag]) => HREF.exec(tag)?.[1])
    .filter((href) => href !== undefined);
  const routeModules = [...body.matchAll(STATIC_IMPORT)].map(([, name, url]) => ({ name: name!, url: url! }));
  const bareImports = [...body.matchAll(BARE_IMPORT)].map(([, url]) => url!);
  if (routeModules.length === 0) return undefined;

  const rest = body.replace(STATIC_IMPORT, "").replace(BARE_IMPORT, "");
  const rewritten = [
    EARLY_CHOICES,
    WAIT_FOR_FIRST_PAINT,
    `const modulePreloads = ${JSON.stringify(preloads)};`,
    PRELOAD_IN_BATCHES,
    ...bareImports.map((url) => `await import(${url});`),
    `const [${routeModules.map((module) => module.name).join(", ")}] = await Promise.all([${routeModules.map((module) => `import(${module.url})`).join(", ")}]);`,
    rest.trim(),
  ].join("\n");
  const before = html.slice(0, bootstrap.index).replace(MODULE_PRELOAD, "");
  return `${before}${open}${rewritten}${close}${html.slice(bootstrap.index + whole.length)}`;
}

const MODULE_PRELOAD_LIST = /\bconst modulePreloads = (\[[^\]]*\]);/;

/**
 * The modules a document rewritten by deferScripts asks for once it has painted (the preloads taken out of its head),
 * or none for a document without that bootstrap: what a page loads at first besides its scripts' own imports, for
 * measuring it (bench/lib/asset-bytes.ts) from the same shape this module writes.
 */
export function preloadsAfterFirstPaint(html: string): string[] {
  const list = MODULE_PRELOAD_LIST.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

/** Above this much markup without a bootstrap script, the document is passed on untouched. */
const SEARCH_LIMIT = 4 * 1024 * 1024;

/**
 * A stream of the rendered document through deferScripts: the shell is held until its bootstrap script has passed
 * (React writes the shell in one go, so this adds no wait), then everything streams through unchanged. `onFinal`
 * runs when the document is complete. Bytes are read as latin1, so any UTF-8 passes through unchanged.
 */
export function deferScriptsStream(onFinal: () => void): Transform {
  let held = "";
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk);
      held += chunk.toString("latin1");
      const rewritten = deferScripts(held);
      if (rewritten === undefined && held.length < SEARCH_LIMIT) return callback();
      passing = true;
      const out = Buffer.from(rewritten ?? held, "latin1");
      held = "";
      callback(null, out);
    },
    flush(callback) {
      onFinal();
      if (!passing && held) callback(null, Buffer.from(deferScripts(held) ?? held, "latin1"));
      else callback();
    },
  });
}
