import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { listings } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { listingFormSchema, type ListingFormValues } from "#app/domain/listing-editor";
import { moveOf, ORDER_PAGE_SIZE, orderFingerprint } from "#app/domain/listing-order";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import type { AuditActor } from "./audit.server";
import { toListingRow } from "./listing-row";
import { createListing, ListingConflictError, updateListing } from "./listings-editor.server";
import {
  addToHomeList,
  homeListCandidates,
  loadOrderPage,
  moveInOrder,
  OrderConflictError,
  OrderRefusedError,
  removeFromHomeList,
  stepInOrder,
} from "./listings-order.server";

const staffA: AuditActor = { id: "user-a", name: "Anna Arranger", email: "anna@example.test" };
const staffB: AuditActor = { id: "user-b", name: "Ben Editor", email: "ben@example.test" };

function form(overrides: Record<string, unknown> = {}): ListingFormValues {
  return listingFormSchema.parse({
    title: "Order Test Villa",
    category: "real-estate",
    location: "Cascais, Portugal",
    priceMode: "request",
    status: "published",
    visible: true,
    ...overrides,
  });
}

/** 250 yachts more than the seed's, so the yachts' list has three pages. */
const BULK = 250;
const bulkYacht = (index: number) =>
  toListingRow(
    {
      id: `order-bulk-${String(index).padStart(3, "0")}`,
      category: "yachts",
      title: `Order Bulk Yacht ${index}`,
      location: "Antibes, France",
      specs: [],
      images: [],
      description: "",
      specifications: [],
      features: [],
    },
    100_000 + index * 10,
  );

describe("moveOf: the one move a drag and drop made", () => {
  it.each([
    [["a", "b", "c", "d"], ["c", "a", "b", "d"], { id: "c", after: "prev" }],
    [["a", "b", "c", "d"], ["a", "c", "d", "b"], { id: "b", after: "d" }],
    [["a", "b", "c", "d"], ["a", "c", "b", "d"], { id: "c", after: "a" }],
    [["a", "b"], ["a", "b"], null],
  ])("%j → %j", (before, after, expected) => expect(moveOf(before, after, "prev")).toEqual(expected));
  it("a fingerprint changes with the order, the page and the listing before it", () => {
    const base = orderFingerprint(1, null, ["a", "b"]);
    expect(orderFingerprint(1, null, ["a", "b"])).toBe(base);
    expect(
      new Set([base, orderFingerprint(1, null, ["b", "a"]), orderFingerprint(2, null, ["a", "b"]), orderFingerprint(1, "z", ["a", "b"])]).size,
    ).toBe(4);
  });
});

for (const kind of TEST_DATABASE_KINDS) {
  describe(`arranging orders on ${kind}`, () => {
    let handle: DatabaseHandle;
    const yachtIds = async () =>
      (
        await handle.db
          .select({ id: listings.id })
          .from(listings)
          .where(and(eq(listings.category, "yachts"), ne(listings.status, "archived")))
          .orderBy(asc(listings.position), asc(listings.id))
      ).map((row) => row.id);
    const carouselIds = async () => (await loadOrderPage(handle.db, "carousel")).items.map((item) => item.id);

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seedCatalogue(handle.db);
      await handle.db.insert(listings).values(Array.from({ length: BULK }, (_, index) => bulkYacht(index)));
    });
    afterAll(async () => handle?.close());

    it("shows a long list a page at a time, with the listing before each page", async () => {
      const all = await yachtIds();
      const second = await loadOrderPage(handle.db, "yachts", 2);
      expect(second).toMatchObject({ page: 2, pageCount: Math.ceil(all.length / ORDER_PAGE_SIZE), total: all.length });
      expect(second.items.map((item) => item.id)).toEqual(all.slice(ORDER_PAGE_SIZE, 2 * ORDER_PAGE_SIZE));
      expect(second.before).toBe(all[ORDER_PAGE_SIZE - 1]);
      expect((await loadOrderPage(handle.db, "yachts", 99)).page).toBe(second.pageCount);
    });

    it("a move writes one row: the moved listing, between its new neighbours; the others keep their places", async () => {
      const page = await loadOrderPage(handle.db, "yachts", 2);
      const places = async () =>
        new Map((await handle.db.select({ id: listings.id, position: listings.position }).from(listings)).map((row) => [row.id, row.position]));
      const before = await places();
      const moved = page.items[50]!.id;
      const after = page.items[3]!.id;
      await moveInOrder(handle.db, staffA, "yachts", { id: moved, after }, page);
      const now = await places();
      const changed = [...now].filter(([id, position]) => before.get(id) !== position).map(([id]) => id);
      expect(changed).toEqual([moved]);
      const all = await yachtIds();
      expect(all.indexOf(moved)).toBe(all.indexOf(after) + 1);
    });

    it("moves across pages: to the top of a page (after the listing before it), and up or down a step", async () => {
      const page = await loadOrderPage(handle.db, "yachts", 2);
      const last = page.items.at(-1)!.id;
      await moveInOrder(handle.db, staffA, "yachts", { id: last, after: page.before }, page);
      let all = await yachtIds();
      expect(all[ORDER_PAGE_SIZE]).toBe(last);
      // Up from the top of page 2 lands at the end of page 1.
      await stepInOrder(handle.db, staffA, "yachts", last, "up", await loadOrderPage(handle.db, "yachts", 2));
      all = await yachtIds();
      expect(all[ORDER_PAGE_SIZE - 1]).toBe(last);
      await stepInOrder(handle.db, staffA, "yachts", last, "down", await loadOrderPage(handle.db, "yachts", 1));
      expect((await yachtIds())[ORDER_PAGE_SIZE]).toBe(last);
      const first = await loadOrderPage(handle.db, "yachts", 1);
      await moveInOrder(handle.db, staffA, "yachts", { id: last, after: null }, first);
      expect((await yachtIds())[0]).toBe(last);
    });

    it("keeps the order right when a gap is used up (the list is numbered again)", async () => {
      // Drop a listing between the same two neighbours again and again: far more times than any gap holds.
      const [anchor, ...rest] = (await loadOrderPage(handle.db, "yachts", 1)).items.map((item) => item.id);
      const movers = rest.slice(10, 30);
      for (const id of movers) await moveInOrder(handle.db, staffA, "yachts", { id, after: anchor! }, await loadOrderPage(handle.db, "yachts", 1));
      const all = await yachtIds();
      expect(all.slice(0, movers.length + 1)).toEqual([anchor, ...[...movers].reverse()]);
      expect(all).toHaveLength(new Set(all).size);
    });

    it("refuses a move from a stale page with a clear message, and a listing added meanwhile is never dropped", async () => {
      const stale = await loadOrderPage(handle.db, "yachts", 1);
      // Staff B moves something on the same page first.
      await moveInOrder(handle.db, staffB, "yachts", { id: stale.items[5]!.id, after: null }, stale);
      const error = await moveInOrder(handle.db, staffA, "yachts", { id: stale.items[7]!.id, after: null }, stale).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OrderConflictError);
      expect(String(error)).toMatch(/the list changed since this page was loaded/);
      // A listing created meanwhile joins the end of the list; a page that does not show it is still true.
      const late = await createListing(handle.db, staffB, form({ title: "Late Yacht", category: "yachts", location: "Monaco" }));
      const fresh = await loadOrderPage(handle.db, "yachts", 1);
      await moveInOrder(handle.db, staffA, "yachts", { id: fresh.items[9]!.id, after: null }, fresh);
      expect((await yachtIds()).at(-1)).toBe(late.id);
    });

    it("a home list: a stale page cannot drop a member added meanwhile, and membership changes raise the version", async () => {
      const page = await loadOrderPage(handle.db, "carousel");
      const star = await createListing(handle.db, staffB, form({ title: "Carousel Newcomer", onCarousel: true }));
      expect(await carouselIds()).toContain(star.id);
      // A's page was loaded before the newcomer joined: whatever A does from it is refused.
      await expect(removeFromHomeList(handle.db, staffA, "carousel", page.items[0]!.id, page)).rejects.toBeInstanceOf(OrderConflictError);
      await expect(moveInOrder(handle.db, staffA, "carousel", { id: page.items[1]!.id, after: null }, page)).rejects.toBeInstanceOf(
        OrderConflictError,
      );
      expect(await carouselIds()).toContain(star.id);

      // Removing it from a fresh page raises its version: the editor opened before cannot put it back unseen.
      await removeFromHomeList(handle.db, staffA, "carousel", star.id, await loadOrderPage(handle.db, "carousel"));
      const [row] = await handle.db.select().from(listings).where(eq(listings.id, star.id));
      expect(row).toMatchObject({ homeSlidePosition: null, version: 2 });
      await expect(updateListing(handle.db, staffB, star.id, 1, form({ title: "Carousel Newcomer", onCarousel: true }))).rejects.toBeInstanceOf(
        ListingConflictError,
      );
      expect(await carouselIds()).not.toContain(star.id);

      await addToHomeList(handle.db, staffA, "carousel", star.id, await loadOrderPage(handle.db, "carousel"));
      expect((await carouselIds()).at(-1)).toBe(star.id);
      const [added] = await handle.db.select({ version: listings.version }).from(listings).where(eq(listings.id, star.id));
      expect(added?.version).toBe(3);
    });

    it("offers and accepts only listings the site shows: never drafts, archived, hidden or sold ones", async () => {
      const draft = await createListing(handle.db, staffB, form({ title: "Candidate Draft", status: "draft" }));
      const archived = await createListing(handle.db, staffB, form({ title: "Candidate Archived", status: "archived" }));
      const hidden = await createListing(handle.db, staffB, form({ title: "Candidate Hidden", visible: false }));
      const sold = await createListing(handle.db, staffB, form({ title: "Candidate Sold", status: "sold" }));
      const open = await createListing(handle.db, staffB, form({ title: "Candidate Open", status: "under_offer" }));
      const { items } = await homeListCandidates(handle.db, "picks", "candidate");
      expect(items.map((item) => item.title)).toEqual(["Candidate Open"]);
      for (const refused of [draft, archived, hidden, sold]) {
        await expect(addToHomeList(handle.db, staffA, "picks", refused.id, await loadOrderPage(handle.db, "picks"))).rejects.toBeInstanceOf(
          OrderRefusedError,
        );
      }
      await addToHomeList(handle.db, staffA, "picks", open.id, await loadOrderPage(handle.db, "picks"));
      expect((await homeListCandidates(handle.db, "picks", "candidate")).items).toEqual([]);
      const rows = await handle.db
        .select({ id: listings.id })
        .from(listings)
        .where(inArray(listings.id, [draft.id, archived.id, hidden.id, sold.id]));
      expect(rows).toHaveLength(4);
    });
  });
}
