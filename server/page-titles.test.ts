import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpGet, startProductionServer, type ProductionServer } from "../tests/setup/production-server";

/**
 * Every public page, found or not, has exactly one <title> and at most one robots tag, as the server sends it.
 * An error page's title and robots tag come from its error screen (React 19 hoists them into the head); a route's
 * meta must not add a second, generic pair (the audit found "Not found" before "Car not found" on every category's
 * unknown listing). Needs the production build.
 */
const titlesOf = (html: string) => [...html.matchAll(/<title\b[^>]*>([^<]*)<\/title>/g)].map((match) => match[1]);
const robotsOf = (html: string) => html.match(/<meta\b[^>]*name="robots"[^>]*>/g) ?? [];

const NOT_FOUND: [path: string, title: string][] = [
  ["/real-estate/nope", "Property not found | White Streams"],
  ["/cars/nope", "Car not found | White Streams"],
  ["/metals/nope", "Investment not found | White Streams"],
  ["/yachts/nope", "Yacht not found | White Streams"],
  ["/jets/nope", "Aircraft not found | White Streams"],
  // An unknown category, with and without an id, and an address no route knows.
  ["/boats/x", "Page not found | White Streams"],
  ["/boats", "Page not found | White Streams"],
  ["/no/such/page", "Page not found | White Streams"],
];

const FOUND = ["/", "/about", "/contact", "/shortlist", "/cars", "/real-estate", "/cars?sort=price-desc", "/cars/bugatti-chiron-2019"];

describe("page titles", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startProductionServer();
  }, 60_000);
  afterAll(() => server?.stop());

  it.each(NOT_FOUND)("%s: a 404 with one title, the specific one, and one robots noindex", async (path, title) => {
    const { status, body } = await httpGet(server.port, path);
    expect(status).toBe(404);
    expect(titlesOf(body)).toEqual([title]);
    expect(robotsOf(body)).toEqual(['<meta name="robots" content="noindex"/>']);
  });

  it("a page past the last one: one title and one robots noindex", async () => {
    const { status, body } = await httpGet(server.port, "/cars?page=999");
    expect(status).toBe(404);
    expect(titlesOf(body)).toEqual(["Luxury Cars, no page 999 | White Streams"]);
    expect(robotsOf(body)).toEqual(['<meta name="robots" content="noindex"/>']);
  });

  // The shortlist is personal, so it asks not to be indexed; the others are indexed.
  it.each(FOUND)("%s: one title, at most one robots tag", async (path) => {
    const { status, body } = await httpGet(server.port, path);
    expect(status).toBe(200);
    expect(titlesOf(body)).toHaveLength(1);
    expect(titlesOf(body)[0]).toMatch(/White Streams/);
    expect(robotsOf(body).length).toBeLessThanOrEqual(1);
  });
});
