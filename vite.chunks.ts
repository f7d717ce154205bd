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
 * Modules loaded with `import()` (the enquiry forms, the deferred parts of pages) are never captured: only modules a
 * route imports statically count, so they stay out of the first load. A group for what only the listing pages share
 * (cards, prices, hearts) was tried: a group also takes in what its modules import, so the home page's prices pulled
 * the whole group into its first load (+2 kB there for −0.5 kB on /cars).
 */

const ROUTE_MODULE = "?__react-router-build-client-route";
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const SHELL_ROUTES = ["app/root.tsx", "app/routes/public/layout.tsx"];

/** The route modules (as "app/…" paths) that import the module, directly or through others, statically. */
function routesImporting(id: string, ctx: ChunkingContext, seen = new Set<string>(), found = new Set<string>()): Set<string> {
  if (seen.has(id)) return found;
  seen.add(id);
  const info = ctx.getModuleInfo(id);
  if (!info) return found;
  if (id.endsWith(ROUTE_MODULE)) found.add(id.slice(0, -ROUTE_MODULE.length).replace(/^.*?\/(app\/)/, "$1"));
  for (const importer of info.importers) routesImporting(importer, ctx, seen, found);
  return found;
}

/** Route modules themselves keep their own files, which React Router asks for by name. */
const isRouteModule = (id: string, ctx: ChunkingContext) => ctx.getModuleInfo(id)?.isEntry ?? true;

export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  { name: "framework", test: FRAMEWORK, priority: 3 },
  {
    priority: 2,
    name(id, ctx) {
      if (isRouteModule(id, ctx)) return null;
      const routes = routesImporting(id, ctx);
      return SHELL_ROUTES.some((route) => routes.has(route)) ? "shell" : null;
    },
  },
];
