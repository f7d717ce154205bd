import { isValidSlug } from "#app/domain/listing-slug";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChangeBus } from "#app/db/change-bus.server";
import type { DatabaseHandle } from "#app/db/client.server";
import { auditEvents, listings } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { CATEGORIES } from "#app/domain/categories";
import { CATEGORY_IDS } from "#app/domain/category-ids";
import { listingFormSchema, YEAR_ROW_MESSAGE, type ListingFormValues } from "#app/domain/listing-editor";
import type { ListingQuery } from "#app/domain/listing-query";
import { BEDROOM_OPTIONS, matchesFilters, PROPERTY_TYPES, YEAR_BUCKETS } from "#app/domain/listing-rules";
import { isListed, isReachable, LISTING_STATUSES, takesEnquiries } from "#app/domain/listing-status";
import { createListingsCache } from "#app/services/listings-cache.server";
import { listingForm } from "../../tests/fixtures/listing-form";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import type { AuditActor } from "./audit.server";
import { changeListingStatus, createListing, ListingConflictError, SlugTakenError, updateListing } from "./listings-editor.server";
import { homeCarousel } from "./listings-home.server";
import { loadOrderPage, moveInOrder } from "./listings-order.server";
import { findListings, findPublicListing, findShortlistCards, locationOptions, visibleListingPaths } from "./listings.server";

const editor: AuditActor = { id: "user-editor", name: "Eve Editor", email: "eve@example.test" };
const other: AuditActor = { id: "user-other", name: "Oscar Other", email: "oscar@example.test" };

/** The shared valid form, with the rows the real-estate filters read. */
function form(overrides: Record<string, unknown> = {}): ListingFormValues {
  return listingForm({
    specifications: [
      { label: "Bedrooms", value: "4" },
      { label: "Property Type", value: "Villa" },
    ],
    ...overrides,
  });
}

const query = (overrides: Partial<ListingQuery> = {}): ListingQuery => ({
  q: "",
  location: "",
  bedrooms: "",
  type: "",
  year: "",
  price: "",
  sort: "featured",
  sold: false,
  page: 1,
  ...overrides,
});

for (const kind of TEST_DATABASE_KINDS) {
  describe(`listing editor model on ${kind}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seedCatalogue(handle.db);
    });
    afterAll(async () => handle?.close());

    it("creates a draft with a slug made from the title, unique per category, and records who did it", async () => {
      const first = await createListing(handle.db, editor, form({ title: "Maison Étoile & Jardin" }));
      expect(first).toMatchObject({ slug: "maison-etoile-and-jardin", status: "draft", version: 1 });
      const second = await createListing(handle.db, editor, form({ title: "Maison Étoile & Jardin" }));
      expect(second.slug).toBe("maison-etoile-and-jardin-2");
      // A long title cut to make room for the number, where the cut falls on a hyphen: still a valid address.
      const long = `${"a".repeat(74)} Villa`;
      await createListing(handle.db, editor, form({ title: long }));
      const again = await createListing(handle.db, editor, form({ title: long }));
      expect(again.slug).toBe(`${"a".repeat(74)}-2`);
      expect(isValidSlug(again.slug)).toBe(true);
      const otherCategory = await createListing(handle.db, editor, form({ title: "Maison Étoile & Jardin", category: "yachts" }));
      expect(otherCategory.slug).toBe("maison-etoile-and-jardin");
      await expect(createListing(handle.db, editor, form({ title: "Another", slug: "maison-etoile-and-jardin" }))).rejects.toBeInstanceOf(
        SlugTakenError,
      );

      // A draft appears nowhere on the site.
      expect((await findPublicListing(handle.db, "real-estate", first.slug)).kind).toBe("missing");
      expect((await findListings(handle.db, "real-estate", query({ q: "étoile" }))).total).toBe(0);

      const [event] = await handle.db.select().from(auditEvents).where(eq(auditEvents.subjectId, first.id));
      expect(event).toMatchObject({ actorId: editor.id, kind: "listing", action: "created", subjectLabel: "Maison Étoile & Jardin" });
      expect(event!.changes.title).toEqual({ before: null, after: "Maison Étoile & Jardin" });
    });

    it("a changed slug or category keeps the old address, which now points to the new one", async () => {
      const created = await createListing(handle.db, editor, form({ title: "Quinta da Luz", status: "published" }));
      expect(await findPublicListing(handle.db, "real-estate", "quinta-da-luz")).toMatchObject({ kind: "found" });
      const renamed = await updateListing(
        handle.db,
        editor,
        created.id,
        1,
        form({ title: "Quinta da Luz", slug: "quinta-da-luz-estate", status: "published" }),
      );
      expect(renamed.version).toBe(2);
      expect(await findPublicListing(handle.db, "real-estate", "quinta-da-luz")).toMatchObject({
        kind: "moved",
        path: "/real-estate/quinta-da-luz-estate",
      });
      expect(await findPublicListing(handle.db, "real-estate", "quinta-da-luz-estate")).toMatchObject({ kind: "found" });

      await updateListing(
        handle.db,
        editor,
        created.id,
        2,
        form({ title: "Quinta da Luz", slug: "quinta-da-luz-estate", category: "yachts", status: "published" }),
      );
      expect(await findPublicListing(handle.db, "real-estate", "quinta-da-luz")).toMatchObject({
        kind: "moved",
        path: "/yachts/quinta-da-luz-estate",
      });
      expect(await findPublicListing(handle.db, "real-estate", "quinta-da-luz-estate")).toMatchObject({
        kind: "moved",
        path: "/yachts/quinta-da-luz-estate",
      });

      // Another listing may take a retired slug: then the address is its own again.
      const successor = await createListing(handle.db, editor, form({ title: "Quinta da Luz", status: "published" }));
      expect(successor.slug).toBe("quinta-da-luz");
      const found = await findPublicListing(handle.db, "real-estate", "quinta-da-luz");
      expect(found.kind === "found" && found.listing.id).toBe(successor.id);

      // Once the moved listing is no longer public, its old addresses answer "not found" too.
      await changeListingStatus(handle.db, editor, created.id, 3, "archived");
      expect((await findPublicListing(handle.db, "real-estate", "quinta-da-luz-estate")).kind).toBe("missing");
    });

    it("refuses a save from an older copy and says who saved in between; the chosen overwrite goes through", async () => {
      const created = await createListing(handle.db, editor, form({ title: "Palazzo Contested" }));
      // Two tabs open version 1; the first saves.
      await updateListing(handle.db, other, created.id, 1, form({ title: "Palazzo Contested", location: "Florence, Tuscany, Italy" }));
      const stale = updateListing(handle.db, editor, created.id, 1, form({ title: "Palazzo Contested", location: "Siena, Tuscany, Italy" }));
      await expect(stale).rejects.toBeInstanceOf(ListingConflictError);
      const error = (await stale.then(
        () => undefined,
        (caught: unknown) => caught,
      )) as ListingConflictError;
      expect(error.current).toMatchObject({ version: 2, by: "Oscar Other <oscar@example.test>" });
      const [kept] = await handle.db.select().from(listings).where(eq(listings.id, created.id));
      expect(kept).toMatchObject({ location: "Florence, Tuscany, Italy", version: 2 });
      // "Save mine anyway" names the version it replaces.
      const replaced = await updateListing(
        handle.db,
        editor,
        created.id,
        error.current.version,
        form({ title: "Palazzo Contested", location: "Siena, Tuscany, Italy" }),
      );
      expect(replaced).toMatchObject({ location: "Siena, Tuscany, Italy", version: 3 });
      await expect(changeListingStatus(handle.db, other, created.id, 2, "published")).rejects.toBeInstanceOf(ListingConflictError);
    });

    it("saves alt text typed on the photos with the listing, in the same transaction, or not at all", async () => {
      const created = await createListing(handle.db, editor, form({ title: "Villa of Described Photos" }));
      const photos = ["terrace", "pool", "hall"].map((name) => ({ id: crypto.randomUUID(), src: `/media/listings/${name}.webp`, alt: "" }));
      await handle.db
        .update(listings)
        .set({ photos: photos.map((photo, index) => (index === 2 ? { ...photo, alt: "The hall" } : photo)) })
        .where(eq(listings.id, created.id));
      const alts = async () => (await handle.db.select().from(listings).where(eq(listings.id, created.id)))[0]!.photos.map((photo) => photo.alt);
      const typed = { [photos[0]!.id]: "The terrace at dusk", [photos[2]!.id]: "The hall", [crypto.randomUUID()]: "A photo deleted meanwhile" };

      // A stale form: refused, and the photos keep their words too.
      await updateListing(handle.db, other, created.id, 1, form({ title: "Villa of Described Photos", location: "Sintra, Portugal" }));
      await expect(
        updateListing(handle.db, editor, created.id, 1, form({ title: "Villa of Described Photos", photoAlts: typed })),
      ).rejects.toBeInstanceOf(ListingConflictError);
      expect(await alts()).toEqual(["", "", "The hall"]);

      await updateListing(handle.db, editor, created.id, 2, form({ title: "Villa of Described Photos", photoAlts: typed }));
      expect(await alts()).toEqual(["The terrace at dusk", "", "The hall"]);
      const described = await handle.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, created.id), eq(auditEvents.action, "photo described")));
      expect(described.map((event) => [event.actorId, event.changes])).toEqual([[editor.id, { alt: { before: "", after: "The terrace at dusk" } }]]);
    });

    it("writes the before and after of each changed field in the same transaction", async () => {
      const created = await createListing(handle.db, editor, form({ title: "Chalet Before" }));
      await updateListing(
        handle.db,
        other,
        created.id,
        1,
        // The form always carries the current web address: a new title alone does not move the page.
        form({
          title: "Chalet After",
          slug: "chalet-before",
          status: "published",
          priceMode: "amount",
          priceAmount: "3,950,000",
          priceCurrency: "USD",
        }),
      );
      const events = await handle.db.select().from(auditEvents).where(eq(auditEvents.subjectId, created.id)).orderBy(asc(auditEvents.at));
      expect(events.at(-1)).toMatchObject({ actorId: other.id, action: "marked Published" });
      expect(events.at(-1)!.changes).toEqual({
        title: { before: "Chalet Before", after: "Chalet After" },
        priceAmount: { before: null, after: "3950000.00" },
        priceCurrency: { before: null, after: "USD" },
        status: { before: "draft", after: "published" },
      });
    });

    it("applies the public rule the same way in SQL as in domain/listing-status.ts, for every status and visibility", async () => {
      const made: { id: string; slug: string; status: (typeof LISTING_STATUSES)[number]; visible: boolean }[] = [];
      for (const status of LISTING_STATUSES) {
        for (const visible of [true, false]) {
          const slug = `rule-${status.replace("_", "-")}-${visible ? "shown" : "hidden"}`;
          const created = await createListing(
            handle.db,
            editor,
            form({ title: `Rule ${slug}`, slug, category: "metals", location: "Zurich, Switzerland", status, visible }),
          );
          made.push({ id: created.id, slug, status, visible });
        }
      }
      const listed = (await findListings(handle.db, "metals", query({ q: "rule " }))).items.map((item) => item.slug);
      const listedWithSold = (await findListings(handle.db, "metals", query({ q: "rule ", sold: true }))).items.map((item) => item.slug);
      const sitemap = (await visibleListingPaths(handle.db)).map((entry) => entry.path);
      for (const listing of made) {
        expect(listed.includes(listing.slug), `${listing.slug} listed`).toBe(isListed(listing));
        expect(listedWithSold.includes(listing.slug), `${listing.slug} listed with sold`).toBe(isListed(listing, { includeSold: true }));
        expect((await findPublicListing(handle.db, "metals", listing.slug)).kind === "found", `${listing.slug} reachable`).toBe(isReachable(listing));
        expect(sitemap.includes(`/metals/${listing.slug}`), `${listing.slug} in the sitemap`).toBe(isReachable(listing));
        const enquirable = await findShortlistCards(handle.db, [listing.id], { forEnquiry: true });
        expect(enquirable.length === 1, `${listing.slug} takes enquiries`).toBe(takesEnquiries(listing));
      }
      // Location options come from listed listings only.
      const zurichListed = made.some((listing) => isListed(listing));
      expect((await locationOptions(handle.db, "metals")).some((option) => option.value === "zurich, switzerland" || option.label === "Zurich")).toBe(
        zurichListed,
      );
    });

    it("keeps the derived filter columns right after edits: SQL filters still agree with the plain rules", async () => {
      const created = await createListing(
        handle.db,
        editor,
        form({ title: "Derived Columns Estate", status: "published", specifications: [{ label: "Bedrooms", value: "2" }] }),
      );
      await updateListing(
        handle.db,
        editor,
        created.id,
        1,
        form({
          title: "Derived Columns Estate",
          location: "Porto, Portugal",
          status: "published",
          highlights: ["Rooftop pool"],
          specifications: [
            { label: "Bedrooms", value: "6" },
            { label: "Property Type", value: "Penthouse" },
            { label: "Year Built", value: "2021" },
          ],
        }),
      );
      const [row] = await handle.db.select().from(listings).where(eq(listings.id, created.id));
      expect(row).toMatchObject({ bedrooms: 6, propertyType: "penthouse", sortYear: 2021, locationKey: "portugal" });
      expect(row!.searchText).toContain("rooftop pool");

      for (const category of CATEGORY_IDS) {
        const rows = await handle.db
          .select()
          .from(listings)
          .where(and(eq(listings.category, category)))
          .orderBy(asc(listings.position), asc(listings.id));
        const visibleRows = rows.filter((candidate) => isListed(candidate));
        const filters = CATEGORIES[category].filters;
        const combos: Partial<ListingQuery>[] = [{}, { q: "rooftop" }, { q: "a" }];
        for (const option of await locationOptions(handle.db, category)) combos.push({ location: option.value });
        if (filters.bedrooms) for (const bedrooms of BEDROOM_OPTIONS) combos.push({ bedrooms });
        if (filters.propertyType) for (const type of PROPERTY_TYPES) combos.push({ type: type.toLowerCase() });
        if (filters.year) for (const bucket of YEAR_BUCKETS) combos.push({ year: bucket.value });
        for (const combo of combos) {
          const result = await findListings(handle.db, category, query(combo));
          expect(
            result.items.map((item) => item.id),
            `${category} ${JSON.stringify(combo)}`,
          ).toEqual(visibleRows.filter((candidate) => matchesFilters(candidate, combo)).map((candidate) => candidate.id));
        }
      }
    });

    it("saves the featured order by drag and drop, and the category page follows it; new listings join at the end", async () => {
      const before = (await findListings(handle.db, "cars", query())).items.map((item) => item.id);
      // Reverse the list one drop at a time, each from the page as it stands.
      const reversed = [...before].reverse();
      for (const [index, id] of reversed.entries()) {
        await moveInOrder(handle.db, editor, "cars", { id, after: reversed[index - 1] ?? null }, await loadOrderPage(handle.db, "cars"));
      }
      expect((await findListings(handle.db, "cars", query())).items.map((item) => item.id)).toEqual(reversed);
      const late = await createListing(
        handle.db,
        editor,
        form({ title: "Late Arrival Coupe", category: "cars", location: "Milan, Italy", status: "published" }),
      );
      expect((await findListings(handle.db, "cars", query())).items.map((item) => item.id)).toEqual([...reversed, late.id]);
      const [event] = await handle.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, "featured order arranged"))
        .orderBy(asc(auditEvents.at))
        .limit(1);
      expect(event).toMatchObject({ subjectId: before.at(-1), actorLabel: "Eve Editor <eve@example.test>" });
      expect(Object.keys(event!.changes)).toEqual(["position"]);
    });

    it("takes a hidden or sold listing off the home carousel at once, on every process (change notice)", async () => {
      const bus = await startChangeBus(handle);
      const cache = createListingsCache(bus);
      try {
        const promoted = await createListing(handle.db, editor, form({ title: "Carousel Star", status: "published", onCarousel: true }));
        const slides = () => cache.remember("home", 60_000, () => homeCarousel(handle.db));
        expect((await slides()).map((slide) => slide.title)).toContain("Carousel Star");
        await updateListing(
          handle.db,
          editor,
          promoted.id,
          1,
          form({ title: "Carousel Star", status: "published", onCarousel: true, visible: false }),
        );
        await expect.poll(async () => (await slides()).map((slide) => slide.title)).not.toContain("Carousel Star");
        await updateListing(handle.db, editor, promoted.id, 2, form({ title: "Carousel Star", status: "sold", onCarousel: true, visible: true }));
        await expect.poll(async () => (await slides()).map((slide) => slide.title)).not.toContain("Carousel Star");
        // Still on the staff's list: publishing it again brings it back.
        await updateListing(handle.db, editor, promoted.id, 3, form({ title: "Carousel Star", status: "published", onCarousel: true }));
        await expect.poll(async () => (await slides()).map((slide) => slide.title)).toContain("Carousel Star");
      } finally {
        cache.dispose();
        await bus.close();
      }
    });

    it("keeps seeding idempotent: staff edits, slugs and statuses survive a re-seed, and nothing comes back", async () => {
      const [gold] = await handle.db.select().from(listings).where(eq(listings.id, "premium-gold"));
      await updateListing(
        handle.db,
        editor,
        "premium-gold",
        gold!.version,
        form({ title: "Gold Bullion", slug: "gold-bullion", category: "metals", location: "East Africa", status: "archived" }),
      );
      expect((await seedCatalogue(handle.db)).inserted).toBe(0);
      const [after] = await handle.db.select().from(listings).where(eq(listings.id, "premium-gold"));
      expect(after).toMatchObject({ title: "Gold Bullion", slug: "gold-bullion", status: "archived" });
      expect((await findPublicListing(handle.db, "metals", "premium-gold")).kind).toBe("missing");
    });
  });
}

describe("listing form schema", () => {
  /** A valid form as typed (before the schema reads it). */
  const TYPED = { title: "Villa on the Bay", category: "real-estate", location: "Cascais, Lisbon, Portugal", priceMode: "request", status: "draft" };

  it("gives one clear message per field and keeps prices exact", () => {
    const result = listingFormSchema.safeParse({
      title: "A",
      category: "cars",
      location: "",
      year: 3000,
      priceMode: "amount",
      priceAmount: "12.345",
      status: "published",
      highlights: ["One", "Two", "Three", "Four"],
      specifications: [{ label: "", value: "V12" }],
      lastVerifiedOn: "2999-01-01",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toMatchObject({
      title: "Use at least 3 characters for the title.",
      location: "Enter the location.",
      priceAmount: "Use at most 2 decimals.",
      priceCurrency: "Choose the currency.",
      highlights: "A card shows up to 3 highlights; remove 1.",
      "specifications.0.label": "Give this value a label.",
      lastVerifiedOn: "The date cannot be in the future.",
    });
    expect(messages.year).toMatch(/^Enter a year up to \d{4}\.$/);
    const ok = form({ priceMode: "amount", priceAmount: "1 250 000.5", priceCurrency: "AED", category: "cars", year: 2019 });
    expect(ok.price).toEqual({ amount: "1250000.50", currency: "AED" });
    expect(ok.year).toBe(2019);
    // Real estate has no year of its own (Year Built is a specification).
    expect(form({ year: 2019 }).year).toBeNull();
  });

  it("checks alt text typed on photos by the photo Save's rules, naming the photo, and trims it", () => {
    const [good, bad] = [crypto.randomUUID(), crypto.randomUUID()];
    const result = listingFormSchema.safeParse({ ...TYPED, photoAlts: { [good]: "Fine", [bad]: "Two\tcolumns" } });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      [`photoAlts.${bad}`, "Alt text must be one line of plain text."],
    ]);
    expect(form({ photoAlts: { [good]: "  The terrace  ", [bad]: "" } }).photoAlts).toEqual({ [good]: "The terrace", [bad]: "" });
    expect(form().photoAlts).toEqual({});
  });

  it("asks for a car's, yacht's or jet's year once: a \"Year\" row is refused there, Year Built and real estate are left alone", () => {
    for (const category of ["cars", "yachts", "jets"]) {
      const result = listingFormSchema.safeParse({
        ...TYPED,
        category,
        year: 2019,
        specifications: [
          { label: "Engine", value: "W16" },
          { label: " year ", value: "2019" },
        ],
      });
      expect(
        result.error?.issues.map((issue) => [issue.path.join("."), issue.message]),
        category,
      ).toEqual([["specifications.1.label", YEAR_ROW_MESSAGE]]);
      // An empty one (a row left blank) is simply not kept.
      expect(form({ category, specifications: [{ label: "Year", value: "" }] }).specifications).toEqual([]);
    }
    const estate = form({
      specifications: [
        { label: "Year Built", value: "1925" },
        { label: "Year", value: "1925" },
      ],
    });
    expect(estate.specifications).toHaveLength(2);
  });

  it("still checks the price, highlights, features, rows and date when another field cannot be read at all", () => {
    const result = listingFormSchema.safeParse({
      title: "Aston Martin DB5",
      category: "cars",
      location: "London, United Kingdom",
      year: "19x4",
      priceMode: "amount",
      priceAmount: "about a million",
      priceCurrency: "GBP",
      status: "published",
      highlights: ["One", "Two", "Three", "Four"],
      features: "x".repeat(121),
      specifications: [{ label: "", value: "Silver Birch" }],
      lastVerifiedOn: "2999-01-01",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({
      year: "Enter the year in digits, e.g. 2019.",
      priceAmount: "Enter the amount in digits, e.g. 3,950,000 or 1250000.50.",
      highlights: "A card shows up to 3 highlights; remove 1.",
      features: "Keep each feature under 120 characters (line 1 is longer).",
      "specifications.0.label": "Give this value a label.",
      lastVerifiedOn: "The date cannot be in the future.",
    });
  });
});
