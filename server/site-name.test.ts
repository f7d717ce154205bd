import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_DEFAULTS } from "#app/domain/site-content";
import { httpGet, startProductionServer, type ProductionServer } from "../tests/setup/production-server";

/**
 * SITE_NAME is honoured everywhere the site names itself. Needs the production build.
 * Content blocks are staff's words and keep theirs; the seller card shows the seller, not the site.
 */
const NAME = "Azure Tides";
const PAGES = ["/", "/about", "/contact", "/cars", "/cars/bugatti-chiron-2019", "/cars?page=9", "/cars/nowhere", "/no-such-page", "/sign-in"];

/** The page as people read it: no scripts (loader data), entities decoded, content blocks and seller card removed. */
function chromeOf(html: string): string {
  let text = html
    .replace(/<script\b[\s\S]*?<\/script>/g, "")
    .replace(/<aside\b[\s\S]*?<\/aside>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
  for (const block of Object.values(CONTENT_DEFAULTS)) text = text.split(block.content).join("");
  return text;
}

describe("SITE_NAME", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    // The company (menu contact block, footer) is its own setting: renamed too, so any "White Streams" left is a bug.
    server = await startProductionServer({ SITE_NAME: NAME, COMPANY_NAME: `${NAME} Ltd` });
  }, 60_000);
  afterAll(() => server?.stop());

  it("names every page, its title, its headings and the manifest; the default name appears nowhere else", async () => {
    for (const path of PAGES) {
      const { body } = await httpGet(server.port, path);
      const title = body.match(/<title>(.*?)<\/title>/)?.[1] ?? "";
      expect(title, path).toContain(NAME);
      const chrome = chromeOf(body);
      const at = chrome.indexOf("White Streams");
      expect(at < 0 ? null : chrome.slice(Math.max(0, at - 160), at + 60), `"White Streams" left on ${path}`).toBeNull();
    }
    const home = await httpGet(server.port, "/");
    expect(home.body).toContain(`<meta property="og:site_name" content="${NAME}"/>`);
    const manifest = await httpGet(server.port, "/site.webmanifest");
    expect(manifest.headers["content-type"]).toContain("application/manifest+json");
    expect(JSON.parse(manifest.body)).toMatchObject({ name: NAME, short_name: NAME });
    expect(server.output()).toContain(`${NAME} is running at http://localhost:${server.port}`);
  });
});
