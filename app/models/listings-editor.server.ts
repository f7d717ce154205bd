import { and, desc, eq, max, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "#app/db/client.server";
import { announceChange } from "#app/db/change-bus.server";
import { auditEvents, listings, listingSlugs, type ListingRow } from "#app/db/schema";
import type { ListingFormValues } from "#app/domain/listing-editor";
import type { ListingPhoto } from "#app/domain/listing-photos";
import { slugify } from "#app/domain/listing-slug";
import { STATUS_INFO, type ListingStatus } from "#app/domain/listing-status";
import { changedFields, recordAudit, type AuditActor } from "./audit.server";
import { derivedColumns } from "./listing-row";
import { isUniqueViolation } from "#app/db/unique-violation.server";

/**
 * Creating and editing listings from the back office. Every write runs in one transaction that also keeps the
 * derived filter columns right, records the slug history (old URLs answer with a 301), writes the audit row and
 * announces the change to every app process.
 */

/** A save made from an older copy of the listing: refused, with who changed it and when. */
export class ListingConflictError extends Error {
  constructor(readonly current: { version: number; updatedAt: Date; by: string | null }) {
    super("The listing was changed while you were editing it.");
    this.name = "ListingConflictError";
  }
}

/** The web address is used by another listing of the category. */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`Another listing of this category already uses the web address “${slug}”.`);
    this.name = "SlugTakenError";
  }
}

export class ListingNotFoundError extends Error {
  constructor() {
    super("That listing does not exist.");
    this.name = "ListingNotFoundError";
  }
}

/** The fields an audit row compares (photos and order have their own audit actions). */
const AUDITED_FIELDS = [
  "title",
  "slug",
  "category",
  "location",
  "year",
  "priceAmount",
  "priceCurrency",
  "specs",
  "description",
  "features",
  "specifications",
  "lastVerifiedOn",
  "status",
  "visible",
  "homeSlidePosition",
  "staffPickPosition",
] as const satisfies readonly (keyof ListingRow)[];

const POSITION_STEP = 10;

async function nextPosition(
  tx: Transaction,
  column: typeof listings.position | typeof listings.homeSlidePosition | typeof listings.staffPickPosition,
  category?: ListingRow["category"],
) {
  const [row] = await tx
    .select({ value: max(column) })
    .from(listings)
    .where(category ? eq(listings.category, category) : undefined);
  return (row?.value ?? 0) + POSITION_STEP;
}

/** A free slug for the category: the one asked for (refused if taken), or one made from the title (numbered if taken). */
async function chooseSlug(tx: Transaction, values: ListingFormValues, listingId: string | null): Promise<string> {
  const taken = async (slug: string) => {
    const [other] = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.category, values.category), eq(listings.slug, slug), listingId ? ne(listings.id, listingId) : undefined))
      .limit(1);
    return Boolean(other);
  };
  if (values.slug) {
    if (await taken(values.slug)) throw new SlugTakenError(values.slug);
    return values.slug;
  }
  const base = slugify(values.title) || "listing";
  for (let attempt = 1; attempt < 1000; attempt++) {
    // Cut where a word ended, the cut's own hyphen dropped: "…-a-" + "-2" would make "…-a--2", which no address matches.
    const candidate = attempt === 1 ? base : `${base.slice(0, 75).replace(/-+$/, "")}-${attempt}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new SlugTakenError(base);
}

/** Points a (category, slug) at this listing: its current address, kept for good as history. */
async function rememberSlug(tx: Transaction, listing: Pick<ListingRow, "id" | "category" | "slug">) {
  await tx
    .insert(listingSlugs)
    .values({ category: listing.category, slug: listing.slug, listingId: listing.id })
    .onConflictDoUpdate({ target: [listingSlugs.category, listingSlugs.slug], set: { listingId: listing.id, createdAt: new Date() } });
}

/** The columns a form sets (everything but the home page's places, which depend on what was there before). */
function formColumns(values: ListingFormValues) {
  return {
    title: values.title,
    category: values.category,
    location: values.location,
    year: values.year,
    priceAmount: values.price?.amount ?? null,
    priceCurrency: values.price?.currency ?? null,
    specs: values.specs,
    description: values.description,
    features: values.features,
    specifications: values.specifications,
    lastVerifiedOn: values.lastVerifiedOn,
    status: values.status,
    visible: values.visible,
    ...derivedColumns(values),
  };
}

/**
 * The photos with the alt text typed on them and sent with the form's save, and each description that changed.
 * A photo deleted meanwhile is skipped: there is nothing left to describe.
 */
function describedPhotos(photos: ListingPhoto[], typed: Record<string, string>) {
  const described: { photo: ListingPhoto; alt: string }[] = [];
  const next = photos.map((photo) => {
    const alt = Object.hasOwn(typed, photo.id) ? typed[photo.id]! : photo.alt;
    if (alt === photo.alt) return photo;
    described.push({ photo, alt });
    return { ...photo, alt };
  });
  return { photos: next, described };
}

export async function createListing(db: Database, actor: AuditActor, values: ListingFormValues): Promise<ListingRow> {
  try {
    return await db.transaction(async (tx) => {
      const id = crypto.randomUUID();
      const slug = await chooseSlug(tx, values, null);
      const [row] = await tx
        .insert(listings)
        .values({
          id,
          slug,
          position: await nextPosition(tx, listings.position, values.category),
          homeSlidePosition: values.onCarousel ? await nextPosition(tx, listings.homeSlidePosition) : null,
          staffPickPosition: values.staffPick ? await nextPosition(tx, listings.staffPickPosition) : null,
          ...formColumns(values),
        })
        .returning();
      await rememberSlug(tx, row!);
      await recordAudit(tx, {
        actor,
        kind: "listing",
        action: "created",
        subjectId: id,
        subjectLabel: row!.title,
        changes: changedFields<ListingRow>(null, row, AUDITED_FIELDS),
      });
      await announceChange(tx, "listings", id);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlugTakenError(values.slug || slugify(values.title));
    throw error;
  }
}

/** Who last changed the listing, for the conflict message. */
async function lastEditor(tx: Transaction, id: string): Promise<string | null> {
  const [event] = await tx
    .select({ actor: auditEvents.actorLabel })
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, "listing"), eq(auditEvents.subjectId, id)))
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return event?.actor ?? null;
}

/**
 * Saves the editor's form. `expectedVersion` is the version the form was loaded at (or, after a conflict, the
 * one the staff member chose to replace); any other version means someone saved in between: ListingConflictError.
 * Alt text typed on the photos comes with it and is saved in the same transaction, or not at all.
 */
export async function updateListing(
  db: Database,
  actor: AuditActor,
  id: string,
  expectedVersion: number,
  values: ListingFormValues,
): Promise<ListingRow> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(listings).where(eq(listings.id, id)).for("update");
      if (!before) throw new ListingNotFoundError();
      if (before.version !== expectedVersion) {
        throw new ListingConflictError({ version: before.version, updatedAt: before.updatedAt, by: await lastEditor(tx, id) });
      }
      // An emptied web address is made from the title again (the form always carries the current one).
      const slug = await chooseSlug(tx, values, id);
      const movedCategory = values.category !== before.category;
      const { photos, described } = describedPhotos(before.photos, values.photoAlts);
      const [after] = await tx
        .update(listings)
        .set({
          ...formColumns(values),
          ...(described.length ? { photos } : {}),
          slug,
          position: movedCategory ? await nextPosition(tx, listings.position, values.category) : before.position,
          homeSlidePosition: values.onCarousel ? (before.homeSlidePosition ?? (await nextPosition(tx, listings.homeSlidePosition))) : null,
          staffPickPosition: values.staffPick ? (before.staffPickPosition ?? (await nextPosition(tx, listings.staffPickPosition))) : null,
          version: sql`${listings.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(listings.id, id))
        .returning();
      if (slug !== before.slug || movedCategory) await rememberSlug(tx, after!);
      const changes = changedFields<ListingRow>(before, after, AUDITED_FIELDS);
      await recordAudit(tx, {
        actor,
        kind: "listing",
        action: "status" in changes ? `marked ${STATUS_INFO[after!.status].label}` : "updated",
        subjectId: id,
        subjectLabel: after!.title,
        changes,
      });
      // The trail reads as if each photo's own Save had been pressed (listings-photos.server.ts).
      for (const { photo, alt } of described) {
        await recordAudit(tx, {
          actor,
          kind: "listing",
          action: "photo described",
          subjectId: id,
          subjectLabel: after!.title,
          changes: { alt: { before: photo.alt, after: alt } },
        });
      }
      await announceChange(tx, "listings", id);
      return after!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlugTakenError(values.slug || slugify(values.title));
    throw error;
  }
}

/** A status change from the listings manager's quick actions, refused like a form save when the listing changed meanwhile. */
export async function changeListingStatus(db: Database, actor: AuditActor, id: string, expectedVersion: number, status: ListingStatus) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(listings).where(eq(listings.id, id)).for("update");
    if (!before) throw new ListingNotFoundError();
    if (before.version !== expectedVersion) {
      throw new ListingConflictError({ version: before.version, updatedAt: before.updatedAt, by: await lastEditor(tx, id) });
    }
    if (before.status === status) return before;
    const [after] = await tx
      .update(listings)
      .set({ status, version: sql`${listings.version} + 1`, updatedAt: new Date() })
      .where(eq(listings.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      kind: "listing",
      action: `marked ${STATUS_INFO[status].label}`,
      subjectId: id,
      subjectLabel: before.title,
      changes: changedFields<ListingRow>(before, after, ["status"]),
    });
    await announceChange(tx, "listings", id);
    return after!;
  });
}

export async function findListingForEditor(db: Database, id: string): Promise<ListingRow | undefined> {
  const [row] = await db.select().from(listings).where(eq(listings.id, id)).limit(1);
  return row;
}

/** The listing's earlier web addresses (each answers with a 301 to the current one). */
export async function previousSlugs(db: Database, listing: Pick<ListingRow, "id" | "category" | "slug">) {
  const rows = await db
    .select({ category: listingSlugs.category, slug: listingSlugs.slug })
    .from(listingSlugs)
    .where(eq(listingSlugs.listingId, listing.id))
    .orderBy(desc(listingSlugs.createdAt));
  return rows.filter((row) => row.category !== listing.category || row.slug !== listing.slug);
}

/** The listing's audit trail, newest first, for the editor's history panel. */
export async function listingHistory(db: Database, id: string, limit = 20) {
  return db
    .select({ at: auditEvents.at, actor: auditEvents.actorLabel, action: auditEvents.action, changes: auditEvents.changes })
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, "listing"), eq(auditEvents.subjectId, id)))
    .orderBy(desc(auditEvents.at))
    .limit(limit);
}
