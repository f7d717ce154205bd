import { Readable } from "node:stream";
import vm from "node:vm";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferScripts, deferScriptsStream, preloadsAfterFirstPaint } from "./scripts-after-first-paint.server";

// The shape React Router 7.18's <Scripts> renders (module preloads hoisted into the head by React, the bootstrap last).
const SHELL = `<!DOCTYPE html><html lang="en"><head><link rel="preload" as="image" fetchPriority="high" href="/media/a/1280.avif"/><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/><link rel="modulepreload" href="/assets/jsx-runtime-B.js" nonce="n1"/><link rel="modulepreload" href="/assets/root-C.js" nonce="n1"/><link rel="modulepreload" href="/assets/home-D.js" nonce="n1"/><link nonce="n1" rel="stylesheet" href="/assets/root-E.css"/></head><body><main>Ünïcode ✓</main><script nonce="n1">window.__reactRouterContext = {};</script><script nonce="n1" type="module" async="">
;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/home-D.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/public/home":route1};

import("/assets/entry.client-A.js");</script>`;
const STREAMED = `<div hidden id="S:0"><p>later</p></div><script nonce="n1">$RC("B:0","S:0")</script></body></html>`;

function bootstrapOf(html: string) {
  return /<script nonce="n1" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
}

describe("the page's scripts wait for its first paint", () => {
  it("take the module preloads out of the head and keep the stylesheet, the photo's preload and everything else", () => {
    const html = deferScripts(SHELL + STREAMED)!;
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="preload" as="image" fetchPriority="high" href="/media/a/1280.avif"/>');
    expect(html).toContain('<link nonce="n1" rel="stylesheet" href="/assets/root-E.css"/>');
    expect(html).toContain("<main>Ünïcode ✓</main>");
    expect(html).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
    expect(html.endsWith(STREAMED)).toBe(true);
  });

  it("wait for the paint, then preload every module the head listed and load the route modules before the entry", () => {
    const bootstrap = bootstrapOf(deferScripts(SHELL)!);
    expect(bootstrap).not.toMatch(/^\s*import \* as/m);
    const wait = bootstrap.indexOf("await new Promise");
    const preloads = bootstrap.indexOf('["/assets/entry.client-A.js","/assets/jsx-runtime-B.js","/assets/root-C.js","/assets/home-D.js"]');
    const routes = bootstrap.indexOf('const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-D.js")]);');
    const registry = bootstrap.indexOf('window.__reactRouterRouteModules = {"root":route0,"routes/public/home":route1};');
    const entry = bootstrap.indexOf('import("/assets/entry.client-A.js");');
    expect([wait, preloads, routes, registry, entry].every((index) => index >= 0)).toBe(true);
    expect(wait < preloads && preloads < routes && routes < registry && registry < entry).toBe(true);
  });

  it("add the module preloads a few at a time, letting the browser run other tasks between the batches", async () => {
    // A listing's head holds 17: nine here, as the head lists them.
    const hrefs = Array.from({ length: 9 }, (_, index) => `/assets/chunk-${index}.js`);
    const shell = SHELL.replace("</head>", `${hrefs.map((href) => `<link rel="modulepreload" href="${href}" nonce="n1"/>`).join("")}</head>`);
    const bootstrap = bootstrapOf(deferScripts(shell)!);
    const preloading = bootstrap.slice(bootstrap.indexOf("const modulePreloads"), bootstrap.indexOf("const [route0"));

    let steps: string[] = [];
    // With scheduler.yield() (Chromium) and without it (a timer).
    for (const scheduler of [{ yield: async () => void steps.push("yield") }, undefined]) {
      steps = [];
      const context = vm.createContext({
        scheduler,
        setTimeout: (resolve: () => void) => (steps.push("yield"), resolve()),
        document: { createElement: () => ({}), head: { append: (link: { rel: string; href: string }) => steps.push(`${link.rel} ${link.href}`) } },
      });
      await vm.runInContext(`(async () => {${preloading}})()`, context);
      const all = ["/assets/entry.client-A.js", "/assets/jsx-runtime-B.js", "/assets/root-C.js", "/assets/home-D.js", ...hrefs];
      expect(steps.filter((step) => step !== "yield")).toEqual(all.map((href) => `modulepreload ${href}`));
      // Four, a turn, four, a turn, …: never more than four appends in one task.
      expect(steps.map((step) => (step === "yield" ? "|" : "x")).join("")).toBe("xxxx|xxxx|xxxx|x");
    }
  });

  it("say which modules the rewritten page asks for once it has painted (what the bench counts as its first load)", () => {
    expect(preloadsAfterFirstPaint(deferScripts(SHELL + STREAMED)!)).toEqual([
      "/assets/entry.client-A.js",
      "/assets/jsx-runtime-B.js",
      "/assets/root-C.js",
      "/assets/home-D.js",
    ]);
    expect(preloadsAfterFirstPaint("<html><body><p>No scripts</p></body></html>")).toEqual([]);
  });

  it("the rewritten bootstrap is a module the browser can parse", () => {
    // Top-level await is only valid in a module; a syntax error would leave the page without JavaScript.
    const body = bootstrapOf(deferScripts(SHELL)!);
    expect(() => new vm.Script(`(async () => {${body}})`)).not.toThrow();
  });

  it("leave a document without React Router's bootstrap as it is", () => {
    expect(deferScripts("<html><body><p>No scripts</p></body></html>")).toBeUndefined();
    expect(deferScripts(SHELL.slice(0, SHELL.indexOf("import(")))).toBeUndefined();
  });

  it("stream the same document whatever the chunks, multi-byte characters split across them included", async () => {
    const whole = Buffer.from(SHELL + STREAMED);
    const chunks: Buffer[] = [];
    for (let start = 0; start < whole.length; start += 7) chunks.push(whole.subarray(start, start + 7));
    let finished = false;
    const streamed = await text(Readable.from(chunks).pipe(deferScriptsStream(() => (finished = true))));
    expect(streamed).toBe(deferScripts(SHELL + STREAMED));
    expect(finished).toBe(true);
  });

  it("stream a document without a bootstrap unchanged", async () => {
    const page = "<html><body><p>Ünïcode, no scripts</p></body></html>";
    expect(await text(Readable.from([Buffer.from(page)]).pipe(deferScriptsStream(() => {})))).toBe(page);
  });
});
