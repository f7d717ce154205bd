import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { contentBlocks } from "#app/db/schema";
import type { AdminContentBlock } from "#app/domain/admin-content";
import type { StaffRole } from "#app/domain/staff-roles";
import type { AppServices } from "#app/services/app-services.server";
import { renderPage, routeOf } from "../../../tests/setup/route-screens";
import { sessionCookieFor } from "../../../tests/setup/staff-sessions";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE } from "../../../tests/setup/test-services";
import * as contentRoute from "./content";
import * as layoutRoute from "./layout";

/** /edit/content rendered on the server as a browser opening it would see it, inside the admin layout. */
describe("the Content Manager's refusals", () => {
  let handle: DatabaseHandle;
  let services: AppServices;
  let stop: () => Promise<void>;
  const cookies = new Map<StaffRole, string>();
  const routes = [routeOf("routes/admin/layout", "/edit", layoutRoute, [routeOf("routes/admin/content", "content", contentRoute)])];

  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    ({ services, stop } = await createTestServices(handle));
    for (const role of ["sales", "editor"] as const) cookies.set(role, await sessionCookieFor(services, { email: `${role}@content.test`, role }));
  });
  afterAll(async () => {
    await stop?.();
    await handle?.close();
  });

  async function render(role: StaffRole) {
    const page = await renderPage(routes, new Request(`${TEST_SITE}/edit/content`, { headers: { cookie: cookies.get(role)! } }), services);
    if (page.location !== null) throw new Error(`answered ${page.status} to ${page.location}`);
    return page;
  }

  it("shows a Sales user the admin's shared 'Not allowed' screen inside the shell, not the crash screen", async () => {
    const { status, html } = await render("sales");
    expect(status).toBe(403);
    expect(html).toContain("This screen is not part of your role");
    expect(html).toContain('id="admin-main"');
    expect(html).not.toContain("Something went wrong");
  });

  it("still shows an Editor the Content Manager", async () => {
    const { status, html } = await render("editor");
    expect(status).toBe(200);
    expect(html).toContain("Content Manager");
  });
});

/** The same block open in two tabs: the second save must not write over the first unseen. */
for (const kind of TEST_DATABASE_KINDS) {
  describe(`saving a content block from a stale editor (${kind})`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    let cookie: string;
    const key = "stale-editor-test";

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle));
      cookie = await sessionCookieFor(services, { email: "editor@stale.test", name: "Eve", role: "editor" });
      await handle.db.insert(contentBlocks).values({ key, type: "text", content: "First words.", metadata: { category: "home" } });
    });
    afterAll(async () => {
      await stop?.();
      await handle?.close();
    });

    /** Opens the Content Manager and starts editing the block: the version its editor carries. */
    async function openEditor() {
      const request = new Request(`${TEST_SITE}/edit/content?q=${key}`, { headers: { cookie } });
      const { blocks } = await contentRoute.loader({
        request,
        url: new URL(request.url),
        context: contextFor(services),
        params: {},
        pattern: "/edit/content",
      });
      return new Date(blocks.find((block) => block.key === key)!.updatedAt).toISOString();
    }

    async function save(updatedAt: string, content: string, extra: Record<string, string> = {}) {
      const body = new URLSearchParams({ intent: "update", key, content, updatedAt, ...extra });
      const request = new Request(`${TEST_SITE}/edit/content`, { method: "POST", body, headers: { cookie, origin: TEST_SITE } });
      const answer = await contentRoute.action({
        request,
        url: new URL(request.url),
        context: contextFor(services),
        params: {},
        pattern: "/edit/content",
      });
      return "init" in answer && "data" in answer ? { status: answer.init?.status ?? 200, ...answer.data } : { status: 200, ...answer };
    }

    const stored = async () => (await handle.db.select().from(contentBlocks).where(eq(contentBlocks.key, key)))[0]!;

    it("refuses the second tab's save, saying who changed the block and when, and writes nothing", async () => {
      const tabA = await openEditor();
      const tabB = await openEditor();
      const first = await save(tabA, "Tab A's words.");
      expect(first).toMatchObject({ status: 200, ok: true, block: { content: "Tab A's words." } });
      const savedAt = (await stored()).updatedAt;

      const second = await save(tabB, "Tab B's words.");
      expect(second).toMatchObject({ status: 409, ok: false, conflict: { by: "Eve <editor@stale.test>", block: { content: "Tab A's words." } } });
      const theirs = (second as unknown as { conflict: { block: AdminContentBlock } }).conflict.block;
      expect(new Date(theirs.updatedAt).getTime()).toBe(savedAt.getTime());
      expect((await stored()).content).toBe("Tab A's words.");

      // "Save mine anyway" names the version it replaces; it is saved, and the refusal comes back for the next stale tab.
      const anyway = await save(tabB, "Tab B's words.", { overwrite: new Date(theirs.updatedAt).toISOString() });
      expect(anyway).toMatchObject({ status: 200, ok: true, block: { content: "Tab B's words." } });
      expect(await save(tabA, "Tab A again.")).toMatchObject({ status: 409 });
      expect((await stored()).content).toBe("Tab B's words.");
    });

    it("saves from an editor opened at the current version, and asks for a reload when the version is missing", async () => {
      const current = await openEditor();
      expect(await save(current, "Fresh words.")).toMatchObject({ status: 200, ok: true });
      expect(await save("", "No version.")).toMatchObject({ status: 400, ok: false, error: expect.stringContaining("Reload the page") });
      expect((await stored()).content).toBe("Fresh words.");
    });
  });
}
