import zlib from "node:zlib";
import { preloadsAfterFirstPaint } from "#app/services/scripts-after-first-paint.server";
import { fetchText } from "./common";

export type JsFile = { url: string; raw: number; gzip: number; brotli: number };

export type AssetBytes = {
  route: string;
  /** Gzipped bytes of the page's HTML itself (inline scripts included). */
  htmlGzip: number;
  jsGzip: number;
  /** What browsers that accept brotli actually download (the host's compression middleware offers it). */
  jsBrotli: number;
  cssGzip: number;
  jsFiles: JsFile[];
  cssFiles: { url: string; raw: number; gzip: number }[];
};

function attribute(tag: string, name: string): string | undefined {
  return tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, "i"))?.[1];
}

/**
 * The JavaScript and CSS a route's HTML makes the browser load: external scripts, module preloads,
 * stylesheets, and the modules its inline bootstrap script imports or preloads (React Router's entry and the rest).
 */
export function referencedAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src) js.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase() ?? "";
    const href = attribute(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload" || (rel === "preload" && attribute(tag, "as") === "script")) js.add(href);
    if (rel === "stylesheet") css.add(href);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const [, url] of body!.matchAll(/import\s*\(?\s*["']([^"']+\.js)["']/g)) js.add(url!);
    // The module preloads the bootstrap adds once the page has painted, read back by the module that writes them.
    for (const url of preloadsAfterFirstPaint(body!)) js.add(url);
  }
  return { js: [...js], css: [...css] };
}

const gzipSize = (body: Buffer) => zlib.gzipSync(body).length;
const brotliSize = (body: Buffer) => zlib.brotliCompressSync(body).length;

/** A file's size as sent: gzip at zlib's default level, brotli at its default (highest) quality. */
export const compressedSizes = (url: string, body: Buffer): JsFile => ({ url, raw: body.length, gzip: gzipSize(body), brotli: brotliSize(body) });

async function measure(origin: string, urls: string[]) {
  return Promise.all(
    urls.map(async (url) => {
      const absolute = new URL(url, origin).href;
      const response = await fetch(absolute, { signal: AbortSignal.timeout(15_000) });
      if (!response.ok) throw new Error(`${absolute} answered ${response.status}`);
      return compressedSizes(url, Buffer.from(await response.arrayBuffer()));
    }),
  );
}

export async function measureAssetBytes(origin: string, route: string): Promise<AssetBytes> {
  const page = await fetchText(`${origin}${route}`);
  if (page.status !== 200) throw new Error(`${route} answered ${page.status}`);
  // Our pages list their modules in the bootstrap: without that list only the entry would be counted.
  if (preloadsAfterFirstPaint(page.text).length === 0) throw new Error(`${route}: no module preloads found in its bootstrap script`);
  const { js, css } = referencedAssets(page.text);
  const [jsFiles, cssFiles] = await Promise.all([measure(origin, js), measure(origin, css)]);
  const sum = (files: { gzip: number }[]) => files.reduce((total, file) => total + file.gzip, 0);
  return {
    route,
    htmlGzip: gzipSize(Buffer.from(page.text)),
    jsGzip: sum(jsFiles),
    jsBrotli: jsFiles.reduce((total, file) => total + file.brotli, 0),
    cssGzip: sum(cssFiles),
    jsFiles: jsFiles.sort((a, b) => b.gzip - a.gzip),
    cssFiles,
  };
}
