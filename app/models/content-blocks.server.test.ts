import { drizzle } from "drizzle-orm/pglite";
import { eq } from "drizzle-orm";
import type pg from "pg";
import { TEST_ACTOR } from "../../tests/setup/test-actor";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "#app/db/client.server";
import * as schema from "#app/db/schema";
import { contentBlocks } from "#app/db/schema";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import {
  CONTENT_CACHE_TTL_MS,
  ContentBlockError,
  createContentBlock,
  listContentBlocks,
  readContent,
  readContentBlock,
  sanitizeContentHtml,
  saveMissingDefaults,
  toAdminContentBlock,
  updateContentBlock,
} from "./content-blocks.server";
import { startChangeBus } from "#app/db/change-bus.server";
import { CONTENT_DEFAULTS } from "#app/domain/site-content";
import { createContentCache, type ContentStore } from "./content-blocks.server";

/** Writes straight to the table, behind the model's back, to see whether a read came from the cache. */
async function writeBehindCache(db: Database, key: string, content: string) {
  await db.update(contentBlocks).set({ content }).where(eq(contentBlocks.key, key));
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`content blocks (${kind})`, () => {
    let handle: DatabaseHandle;
    let store: ContentStore;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      store = { db: handle.db, contentCache: createContentCache() };
    });
    afterAll(() => handle.close());

    it("saves defaults on first load and serves them to public pages", async () => {
      const values = await readContent(store, ["about-value-vision", "about-mission"]);
      expect(values["about-value-vision"]).toBe("To be the first address for luxury bought with digital currency, wherever our clients live.");
      const [row] = await handle.db.select().from(contentBlocks).where(eq(contentBlocks.key, "about-value-vision"));
      expect(row).toMatchObject({
        type: "text",
        content: "To be the first address for luxury bought with digital currency, wherever our clients live.",
        metadata: { category: "about" },
      });
    });

    it("creates blocks, refuses a taken or malformed key, and lists newest first with search, category and paging", async () => {
      for (let index = 0; index < 45; index++) {
        await createContentBlock(
          store,
          {
            key: `paging-${String(index).padStart(2, "0")}`,
            type: "text",
            category: index % 3 === 0 ? "about" : "home",
            content: `Text ${index}`,
          },
          TEST_ACTOR,
        );
      }
      await expect(createContentBlock(store, { key: "paging-00", type: "text", category: "home" }, TEST_ACTOR)).rejects.toThrow(ContentBlockError);
      await expect(createContentBlock(store, { key: "Bad Key!", type: "text", category: "home" }, TEST_ACTOR)).rejects.toThrow("lower-case");

      const first = await listContentBlocks(handle.db, { search: "PAGING", offset: 0, limit: 20 });
      expect(first).toHaveLength(20);
      expect(first[0]!.key).toBe("paging-44");
      const third = await listContentBlocks(handle.db, { search: "paging", offset: 40, limit: 20 });
      expect(third.map((row) => row.key)).toEqual(["paging-04", "paging-03", "paging-02", "paging-01", "paging-00"]);

      const about = await listContentBlocks(handle.db, { search: "paging", category: "about", limit: 100 });
      expect(about).toHaveLength(15);
      expect(about.every((row) => row.metadata.category === "about")).toBe(true);
      expect(await listContentBlocks(handle.db, { search: "ging-4" })).toHaveLength(5);
      // LIKE wildcards typed by staff are literal characters, not patterns.
      expect(await listContentBlocks(handle.db, { search: "%" })).toHaveLength(0);
      expect(await listContentBlocks(handle.db, { search: "paging_0" })).toHaveLength(0);
    });

    it("updates text and returns null for an unknown key", async () => {
      await createContentBlock(store, { key: "edit-text", type: "text", category: "home", content: "Before" }, TEST_ACTOR);
      const updated = await updateContentBlock(store, "edit-text", { content: "After <b>bold</b> stays literal" }, TEST_ACTOR);
      expect(updated?.content).toBe("After <b>bold</b> stays literal");
      expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(updated!.createdAt.getTime());
      expect(await updateContentBlock(store, "no-such-block", { content: "x" }, TEST_ACTOR)).toBeNull();
    });

    it("writes a site block's default back when staff save it empty; a staff-made block may stay empty", async () => {
      await readContent(store, ["contact-intro"]);
      const restored = await updateContentBlock(store, "contact-intro", { content: "  \n " }, TEST_ACTOR);
      expect(restored?.content).toBe(CONTENT_DEFAULTS["contact-intro"].content);
      expect(await toAdminContentBlock(restored!)).toMatchObject({ hasDefault: true, content: CONTENT_DEFAULTS["contact-intro"].content });
      await createContentBlock(store, { key: "staff-note", type: "text", category: "contact", content: "Note" }, TEST_ACTOR);
      expect((await updateContentBlock(store, "staff-note", { content: "" }, TEST_ACTOR))?.content).toBe("");
    });

    it("saves the default of a stored empty block on the editor's first load", async () => {
      await readContent(store, ["about-value-vision"]);
      await writeBehindCache(handle.db, "about-value-vision", "");
      const [empty] = await handle.db.select().from(contentBlocks).where(eq(contentBlocks.key, "about-value-vision"));
      const [shown] = await saveMissingDefaults(store, [empty!]);
      expect(shown?.content).toBe(CONTENT_DEFAULTS["about-value-vision"].content);
      const [stored] = await handle.db.select().from(contentBlocks).where(eq(contentBlocks.key, "about-value-vision"));
      expect(stored?.content).toBe(CONTENT_DEFAULTS["about-value-vision"].content);
    });

    it("tells the Content Manager where each block appears on the site", async () => {
      const [leader] = await handle.db.select().from(contentBlocks).where(eq(contentBlocks.key, "about-mission"));
      const mission = leader ?? (await createContentBlock(store, { key: "about-mission", type: "text", category: "about" }, TEST_ACTOR));
      expect((await toAdminContentBlock(mission)).placements).toEqual([
        { page: "About page", section: "Our Mission", href: "/about#mission-heading" },
      ]);
      const note = await createContentBlock(store, { key: "placement-note", type: "text", category: "home" }, TEST_ACTOR);
      expect((await toAdminContentBlock(note)).placements).toEqual([]);
    });

    it("sanitises html on save and again on render", async () => {
      await createContentBlock(store, { key: "edit-html", type: "html", category: "about", content: "<p>Hi</p>" }, TEST_ACTOR);
      const saved = await updateContentBlock(
        store,
        "edit-html",
        {
          content: '<p onclick="steal()">Safe <a href="javascript:alert(1)">link</a><script>alert(1)</script><img src="x" onerror="alert(1)"></p>',
        },
        TEST_ACTOR,
      );
      expect(saved!.content).not.toMatch(/script|onclick|onerror|javascript:/i);
      expect(saved!.content).toContain("<p>Safe <a");
      expect(saved!.content).toContain('<img alt="" src="x" />');
      expect(await sanitizeContentHtml('<img src="/a.jpg" alt="Harbour">')).toBe('<img alt="Harbour" src="/a.jpg" />');
      // A row written around the model (an old import, a manual fix) is still made safe when rendered.
      await writeBehindCache(handle.db, "edit-html", '<p>Raw</p><script>alert("x")</script><iframe src="https://evil.example"></iframe>');
      const [raw] = await handle.db.select().from(contentBlocks).where(eq(contentBlocks.key, "edit-html"));
      expect((await toAdminContentBlock(raw!)).previewHtml).toBe("<p>Raw</p>");
    });

    it("keeps image blocks to image addresses", async () => {
      await createContentBlock(store, { key: "edit-image", type: "image", category: "home" }, TEST_ACTOR);
      await expect(updateContentBlock(store, "edit-image", { content: "javascript:alert(1)" }, TEST_ACTOR)).rejects.toThrow(ContentBlockError);
      const ok = await updateContentBlock(
        store,
        "edit-image",
        { content: "/media/content/edit-image/photo.jpg", metadata: { size: 1234 } },
        TEST_ACTOR,
      );
      expect(ok).toMatchObject({ content: "/media/content/edit-image/photo.jpg", metadata: { category: "home", size: 1234 } });
    });

    it("caches public reads for 5 minutes; an update drops the entry at once", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        const start = Date.now();
        expect((await readContent(store, ["about-mission"]))["about-mission"]).toMatch(/^Our mission/);
        await writeBehindCache(handle.db, "about-mission", "Changed behind the cache");
        vi.setSystemTime(start + CONTENT_CACHE_TTL_MS - 1_000);
        expect((await readContent(store, ["about-mission"]))["about-mission"]).toMatch(/^Our mission/);
        vi.setSystemTime(start + CONTENT_CACHE_TTL_MS + 1_000);
        expect((await readContent(store, ["about-mission"]))["about-mission"]).toBe("Changed behind the cache");

        await updateContentBlock(store, "about-mission", { content: "Edited by staff" }, TEST_ACTOR);
        expect((await readContent(store, ["about-mission"]))["about-mission"]).toBe("Edited by staff");
      } finally {
        vi.useRealTimers();
      }
    });

    it("caches a created block", async () => {
      await createContentBlock(store, { key: "fresh-block", type: "text", category: "contact", content: "Created" }, TEST_ACTOR);
      await writeBehindCache(handle.db, "fresh-block", "Changed behind the cache");
      expect((await readContentBlock(store, "fresh-block"))?.content).toBe("Created");
    });

    it("drops another process's cached copy through LISTEN/NOTIFY", async () => {
      // A second, independent handle on the same database stands in for another app process.
      let other: DatabaseHandle;
      if (kind === "postgres") {
        other = await openDatabase({ databaseUrl: (handle.raw as pg.Pool).options.connectionString });
      } else {
        const db = drizzle(handle.raw as never, { schema }) as unknown as Database;
        other = { ...handle, db, close: async () => undefined };
      }
      const changes = await startChangeBus(other);
      const otherStore = { db: other.db, contentCache: createContentCache(changes) };
      try {
        expect((await readContent(otherStore, ["contact-intro"]))["contact-intro"]).toMatch(/^Tell us/);
        await updateContentBlock(store, "contact-intro", { content: "Write to us any time." }, TEST_ACTOR);
        const reached = await eventually(async () => (await readContent(otherStore, ["contact-intro"]))["contact-intro"] === "Write to us any time.");
        expect(reached).toBe(true);
      } finally {
        otherStore.contentCache.dispose();
        await changes.close();
        await other.close();
      }
    });
  });
}
