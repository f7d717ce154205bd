import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEST_ACTOR } from "../../tests/setup/test-actor";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { mediaItems } from "#app/db/schema";
import { createLocalStorage } from "#app/services/storage/local-storage.server";
import type { Storage } from "#app/services/storage/storage.server";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { createMediaItem, deleteMediaItem, listFolders, listMedia, reorderMedia, storageSummary } from "./media.server";

for (const kind of TEST_DATABASE_KINDS) {
  describe(`media model (${kind})`, () => {
    let handle: DatabaseHandle;
    let root: string;
    let storage: Storage;

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      root = fs.mkdtempSync(path.join(os.tmpdir(), "ws-media-model-"));
      storage = createLocalStorage(root);
    });
    afterAll(async () => {
      await handle.close();
      fs.rmSync(root, { recursive: true, force: true });
    });
    beforeEach(async () => {
      await handle.db.delete(mediaItems);
    });

    async function add(name: string, folder?: string, size = 100) {
      const id = crypto.randomUUID();
      const key = `media/${id}/original.mp4`;
      await storage.put(key, Buffer.alloc(size), { contentType: "video/mp4" });
      return createMediaItem(
        handle.db,
        {
          id,
          name,
          type: "video",
          storageKey: key,
          mimeType: "video/mp4",
          size,
          metadata: folder ? { folder } : {},
        },
        TEST_ACTOR,
      );
    }
    const names = async (filter?: Parameters<typeof listMedia>[1]) => (await listMedia(handle.db, filter)).map((row) => row.name);

    it("lists newest uploads first and searches names case-insensitively", async () => {
      await add("Sunset Yacht.mp4", "Yachts");
      await add("villa-pool.mp4", "Villas");
      await add("VILLA garden.mp4", "Villas");
      expect(await names()).toEqual(["VILLA garden.mp4", "villa-pool.mp4", "Sunset Yacht.mp4"]);
      expect(await names({ search: "villa" })).toEqual(["VILLA garden.mp4", "villa-pool.mp4"]);
      expect(await names({ search: "YACHT" })).toEqual(["Sunset Yacht.mp4"]);
      expect(await names({ search: "100%" })).toEqual([]);
      expect(await names({ folder: "Yachts" })).toEqual(["Sunset Yacht.mp4"]);
      expect(await names({ folder: "Villas", search: "pool" })).toEqual(["villa-pool.mp4"]);
      expect(await listFolders(handle.db)).toEqual(["Villas", "Yachts"]);
    });

    it("persists a new order, also when only a filtered part of the library is reordered", async () => {
      const a = await add("a.mp4", "One");
      const b = await add("b.mp4", "Two");
      const c = await add("c.mp4", "One");
      const d = await add("d.mp4", "Two");
      expect(await names()).toEqual(["d.mp4", "c.mp4", "b.mp4", "a.mp4"]);

      await reorderMedia(handle.db, [a.id, b.id, c.id, d.id], TEST_ACTOR);
      expect(await names()).toEqual(["a.mp4", "b.mp4", "c.mp4", "d.mp4"]);

      // Folder "One" shows a, c: swap them; b and d keep their places.
      await reorderMedia(handle.db, [c.id, a.id], TEST_ACTOR);
      expect(await names()).toEqual(["c.mp4", "b.mp4", "a.mp4", "d.mp4"]);

      // Unknown and malformed ids are ignored.
      await reorderMedia(handle.db, ["not-a-uuid", crypto.randomUUID(), d.id, c.id], TEST_ACTOR);
      expect(await names()).toEqual(["d.mp4", "b.mp4", "a.mp4", "c.mp4"]);
    });

    it("deletes an item together with its files and updates the summary", async () => {
      const kept = await add("kept.mp4", undefined, 300);
      const gone = await add("gone.mp4", undefined, 700);
      expect(await storageSummary(handle.db)).toEqual({ usedBytes: 1000, files: 2 });
      expect(await deleteMediaItem(handle.db, storage, gone.id, TEST_ACTOR)).toBe(true);
      expect(await storage.exists(gone.storageKey)).toBe(false);
      expect(await storage.exists(kept.storageKey)).toBe(true);
      expect(await storageSummary(handle.db)).toEqual({ usedBytes: 300, files: 1 });
      expect(await deleteMediaItem(handle.db, storage, gone.id, TEST_ACTOR)).toBe(false);
      expect(await deleteMediaItem(handle.db, storage, "../etc", TEST_ACTOR)).toBe(false);
    });
  });
}
