import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkGroups } from "./vite.chunks.ts";

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
  plugins: [tailwindcss(), reactRouter()],
});
