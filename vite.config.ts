import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkGroups } from "./vite.chunks.ts";
import { reactRouterProductionBuild } from "./vite.react-router-production.ts";

/** The stylesheet of the shell chunk group (vite.chunks.ts): all of the public pages' CSS, linked by the root route. */
const SHELL_STYLESHEET = /^assets\/shell-[\w-]+\.css$/;

// The Express app (server/app.ts) is bundled into the SSR build, so the router context keys,
// the database handle and the route modules are one module graph in production and in dev.
export default defineConfig({
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    // Fewer, larger files for the public pages' first load (vite.chunks.ts).
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } } },
  },
  resolve: { alias: { "#app": new URL("./app", import.meta.url).pathname } },
  // Bundled into the server build so only the icons we use are in it: as an outside package the server loaded every
  // icon lucide-react has (over a second of start-up on a busy machine).
  ssr: { noExternal: ["lucide-react"] },
  plugins: [
    tailwindcss(),
    reactRouterProductionBuild(),
    reactRouter(),
    {
      // An entry (a route module) may export more than its source does: the deferred groups (vite.chunks.ts) take in
      // only the modules they name, which Rolldown allows only then. After React Router's plugin, which asks for
      // "exports-only".
      name: "white-streams:entry-signatures",
      configEnvironment: (name) => (name === "client" ? { build: { rollupOptions: { preserveEntrySignatures: "allow-extension" } } } : undefined),
    },
  ],
  experimental: {
    // React Router links the root's stylesheet as "/assets/shell-….css#" (a fragment it adds to CSS that dynamically
    // imported modules also list), and Vite's preload helper looks for an exact href before it adds a stylesheet. So
    // each deferred part's import() appended the same stylesheet again, and the browser parsed it and restyled, laid
    // out and repainted the whole page in the middle of hydration (about 20 ms on a desktop CPU, 80 ms on Lighthouse's
    // phone). Listing it with the same fragment lets the helper see it is already there.
    renderBuiltUrl: (filename, { hostType, ssr }) => (!ssr && hostType === "js" && SHELL_STYLESHEET.test(filename) ? `/${filename}#` : undefined),
  },
});
