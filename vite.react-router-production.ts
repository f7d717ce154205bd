import fs from "node:fs";
import type { Plugin } from "vite";

/**
 * Browsers get React Router's production build (docs/decisions/0043-react-router-production-build-in-the-browser.md).
 *
 * Its package points every import at the development build (dist/development, ENABLE_DEV_WARNINGS on), production
 * included: an upstream stop-gap since 7.0.2 (remix-run/react-router#12437, #14102). The production build ships beside
 * it, the same code with the development checks off, which the minifier then drops. Every React Router entry the
 * browser build resolves is swapped for its namesake there, so no import can bring in a second, development copy.
 *
 * Only the browser build: the server loads React Router from node_modules at run time, where @react-router/node and
 * the app must share one copy (the reason for the stop-gap), so it keeps the package's own choice.
 */
const DEVELOPMENT_DIR = /([\\/]react-router[\\/]dist[\\/])development([\\/])/;

export function reactRouterProductionBuild(): Plugin {
  return {
    name: "white-streams:react-router-production-build",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "react-router" && !source.startsWith("react-router/")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !DEVELOPMENT_DIR.test(resolved.id)) return resolved;
      const production = resolved.id.replace(DEVELOPMENT_DIR, "$1production$2");
      return fs.existsSync(production) ? { ...resolved, id: production } : resolved;
    },
  };
}
