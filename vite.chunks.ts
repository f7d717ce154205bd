import type { Rolldown } from "vite";

type ChunkingContext = Rolldown.ChunkingContext;

/**
 * How the browser build groups modules into files (Rolldown's `output.codeSplitting`), for the first load of the public
 * pages (issue 13: every public route within 15 kB gzip of React + React Router alone).
 *
 * Left to itself, Rolldown gives every module shared by two route modules a file of its own: a public page loaded 20
 * to 30 files, most under 1 kB, each compressed on its own (compression finds no repeats across files) and each a
 * request. Two groups instead:
 * - framework: React, React DOM and React Router, in one file (the floor's two, plus a piece of React DOM);
 * - shell: everything the root route and the public layout import, which every public page needs anyway.
 * Modules loaded with `import()` (the enquiry forms, the deferred parts of pages) are never captured by those two: only
 * modules a route imports statically count, so they stay out of the first load. A group for what only the listing pages
 * share (cards, prices, hearts) was tried: a group also takes in what its modules import, so the home page's prices
 * pulled the whole group into its first load (+2 kB there for −0.5 kB on /cars).
 *
 * Deferred parts that are always fetched together get a file each (DEFERRED_GROUPS). Left to Rolldown, an enquiry form
 * arrived in nine files (the form, its hook, schemas, zod in two, Conform, the field, categories, intents, the address
 * rule), fetched while the page hydrates. Every request costs the page's main thread a few milliseconds to start, and
 * under Lighthouse's instrumentation on a slow machine about 6 ms of blocking time (20 extra module preloads on React
 * Router's bare page: +70 to +190 ms). A module joins such a group only if nothing else needs it first: no public route
 * imports it statically, and no other deferred part reaches it. Staff pages (admin, sign-in) may share it: they then
 * load the group's file, public form components included, which they do not budget for.
 */

const ROUTE_MODULE = "?__react-router-build-client-route";
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const SHELL_ROUTES = ["app/root.tsx", "app/routes/public/layout.tsx"];

/** Route modules themselves keep their own files, which React Router asks for by name. */
const isRouteModule = (id: string, ctx: ChunkingContext) => ctx.getModuleInfo(id)?.isEntry ?? true;

/** Deferred parts (their modules, as "app/…" paths) that load together, and the file each group makes. */
export const DEFERRED_GROUPS: { name: string; entries: string[] }[] = [
  {
    name: "enquiry-forms",
    entries: [
      "app/components/listings/enquiry-form.tsx",
      "app/components/contact/contact-form.tsx",
      "app/components/listings/shortlist-enquiry-form.tsx",
    ],
  },
  // A listing's page: its gallery, the printed contact block and similar listings.
  {
    name: "listing-parts",
    entries: ["app/components/listings/gallery.tsx", "app/components/listings/similar-listings.tsx", "app/components/listings/print-contact.tsx"],
  },
  // On every public page, right after hydration.
  { name: "shell-parts", entries: ["app/components/layout/footer.tsx", "app/components/layout/side-menu.tsx"] },
];

const STAFF_ROUTES = /^app\/routes\/(admin|auth)\//;
const appPath = (id: string) => id.replace(/\?.*$/, "").replace(/^.*?\/(app\/)/, "$1");

/**
 * Where a module is first needed: the route modules that import it statically, and the modules loaded with `import()`
 * whose static imports reach it (as "app/…" paths).
 */
function firstNeededBy(id: string, ctx: ChunkingContext, seen = new Set<string>(), found = new Set<string>()): Set<string> {
  if (seen.has(id)) return found;
  seen.add(id);
  const info = ctx.getModuleInfo(id);
  if (!info) return found;
  if (id.endsWith(ROUTE_MODULE)) return found.add(appPath(id));
  if (info.dynamicImporters.length > 0) found.add(appPath(id));
  for (const importer of info.importers) firstNeededBy(importer, ctx, seen, found);
  return found;
}

/** The deferred group a module belongs to, if every public place that needs it is one of the group's parts. */
function deferredGroupOf(id: string, ctx: ChunkingContext): string | null {
  if (isRouteModule(id, ctx)) return null;
  const publicNeeds = [...firstNeededBy(id, ctx)].filter((origin) => !STAFF_ROUTES.test(origin));
  if (publicNeeds.length === 0) return null;
  const group = DEFERRED_GROUPS.find(({ entries }) => publicNeeds.every((origin) => entries.includes(origin)));
  return group?.name ?? null;
}

export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  { name: "framework", test: FRAMEWORK, priority: 3 },
  {
    priority: 2,
    name(id, ctx) {
      if (isRouteModule(id, ctx)) return null;
      const neededBy = firstNeededBy(id, ctx);
      return SHELL_ROUTES.some((route) => neededBy.has(route)) ? "shell" : null;
    },
  },
  // Only the modules chosen: by default a group takes in everything its modules import too, and a deferred part's
  // imports that a route also needs (a listing card, a status badge) would then pull the group into the first load.
  { priority: 1, debugName: "deferred groups", name: (id, ctx) => deferredGroupOf(id, ctx), includeDependenciesRecursively: false },
];
