import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import projectConfig from "../../react-router.config";
import { compressedSizes, referencedAssets, type JsFile } from "./asset-bytes";
import { BENCH_DIR, ROOT, log } from "./common";

/**
 * The floor a route's JavaScript is held against: what the page of the smallest React Router app ships, built here
 * with the versions this project has installed. It is measured, not quoted, so an upgrade of React or React Router
 * moves the floor with it and the "over the floor" figures stay about our own code.
 */
export type FloorBytes = {
  versions: { react: string; reactDom: string; reactRouter: string; vite: string };
  jsGzip: number;
  jsBrotli: number;
  jsFiles: JsFile[];
};

/** Inside the project (gitignored), so the app's imports resolve to the project's node_modules. */
const FLOOR_DIR = path.join(BENCH_DIR, ".tmp", "floor-app");

const requireFromRoot = createRequire(path.join(ROOT, "package.json"));
const version = (name: string) => (requireFromRoot(`${name}/package.json`) as { version: string }).version;

/**
 * One root route rendering a heading, server-rendered, with React Router's default entry modules (the same as
 * app/entry.client.tsx), the project's future flags (several of them change the client bundle: split route
 * modules, middleware) and React Router's production build in the browser, as the site takes it.
 */
function floorApp(): Record<string, string> {
  // React Router picks its default server entry from the app's dependencies.
  const dependencies = Object.fromEntries(["react", "react-dom", "react-router", "@react-router/node", "isbot"].map((name) => [name, version(name)]));
  return {
    "package.json": `${JSON.stringify({ name: "floor-app", private: true, type: "module", dependencies }, null, 2)}\n`,
    "react-router.config.ts": `export default { ssr: true, future: ${JSON.stringify(projectConfig.future)} };\n`,
    // With React Router's production build in the browser, as the site's own build takes it (vite.react-router-production.ts).
    "vite.config.ts": [
      `import { reactRouter } from "@react-router/dev/vite";`,
      `import { defineConfig } from "vite";`,
      `import { reactRouterProductionBuild } from ${JSON.stringify(path.join(ROOT, "vite.react-router-production.ts"))};`,
      `export default defineConfig({ plugins: [reactRouterProductionBuild(), reactRouter()] });`,
      "",
    ].join("\n"),
    "app/routes.ts": "export default [];\n",
    "app/root.tsx": [
      `import type { ReactNode } from "react";`,
      `import { Links, Meta, Scripts, ScrollRestoration } from "react-router";`,
      `export function Layout({ children }: { children: ReactNode }) {`,
      `  return (`,
      `    <html lang="en">`,
      `      <head><meta charSet="utf-8" /><Meta /><Links /></head>`,
      `      <body>{children}<ScrollRestoration /><Scripts /></body>`,
      `    </html>`,
      `  );`,
      `}`,
      `export default function App() {`,
      `  return <h1>React and React Router alone</h1>;`,
      `}`,
      "",
    ].join("\n"),
  };
}

async function renderHome(serverBuild: string): Promise<string> {
  const { createRequestHandler } = await import("react-router");
  const build = (await import(pathToFileURL(serverBuild).href)) as Parameters<typeof createRequestHandler>[0];
  const response = await createRequestHandler(build, "production")(new Request("http://127.0.0.1/"));
  if (response.status !== 200) throw new Error(`the floor app's page answered ${response.status}`);
  return response.text();
}

/** Builds the floor app, renders its page and sizes every script that page loads; the folder is removed afterwards. */
export async function measureFloorBytes(): Promise<FloorBytes> {
  log("building React + React Router alone (the floor for the JavaScript per route) …");
  fs.rmSync(FLOOR_DIR, { recursive: true, force: true });
  try {
    for (const [file, text] of Object.entries(floorApp())) {
      fs.mkdirSync(path.dirname(path.join(FLOOR_DIR, file)), { recursive: true });
      fs.writeFileSync(path.join(FLOOR_DIR, file), text);
    }
    const result = spawnSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], {
      cwd: FLOOR_DIR,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
      timeout: 3 * 60_000,
    });
    if (result.status !== 0) throw new Error(`the floor app's build failed (exit ${result.status ?? result.signal})`);

    const html = await renderHome(path.join(FLOOR_DIR, "build/server/index.js"));
    const { js } = referencedAssets(html);
    if (js.length === 0) throw new Error("the floor app's page loads no script: the measurement no longer matches React Router's markup");
    const jsFiles = js
      .map((url) => compressedSizes(url, fs.readFileSync(path.join(FLOOR_DIR, "build/client", new URL(url, "http://floor").pathname))))
      .sort((a, b) => b.gzip - a.gzip);
    const floor: FloorBytes = {
      versions: { react: version("react"), reactDom: version("react-dom"), reactRouter: version("react-router"), vite: version("vite") },
      jsGzip: jsFiles.reduce((total, file) => total + file.gzip, 0),
      jsBrotli: jsFiles.reduce((total, file) => total + file.brotli, 0),
      jsFiles,
    };
    log(`  the floor: JS ${(floor.jsGzip / 1000).toFixed(1)} kB gzip, ${(floor.jsBrotli / 1000).toFixed(1)} kB brotli in ${jsFiles.length} files`);
    return floor;
  } finally {
    fs.rmSync(FLOOR_DIR, { recursive: true, force: true });
  }
}
