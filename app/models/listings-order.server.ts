import { and, asc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { announceChange } from "#app/db/change-bus.server";
import { listings } from "#app/db/schema";
import type { CategoryId } from "#app/domain/category-ids";
import { toPhotoView } from "#app/domain/listing-photos";
import type { OrderItem, OrderListId } from "#app/domain/listing-order";
import { CATEGORIES } from "#app/domain/categories";
import { recordAudit, type AuditActor } from "./audit.server";

/**
 * The orders staff arrange by drag and drop: each category's "Featured" order (the public pages' default sort)
 * and the home page's two lists, the carousel's listing slides and the staff picks that fill Trending Now.
 */
const STEP = 10;

function columnOf(list: OrderListId) {
  if (list === "carousel") return listings.homeSlidePosition;
  if (list === "picks") return listings.staffPickPosition;
  return listings.position;
}

/** The row change that puts a listing at a place in the list (null: off a home list). */
function placeIn(list: OrderListId, place: number | null) {
  if (list === "carousel") return { homeSlidePosition: place };
  if (list === "picks") return { staffPickPosition: place };
  return { position: place ?? 0 };
}

function categoryOf(list: OrderListId): CategoryId | undefined {
  return list === "carousel" || list === "picks" ? undefined : list;
}

/** The list as staff arrange it: a category's listings (archived ones left out), or a home list's members. */
export async function loadOrder(db: Database, list: OrderListId): Promise<OrderItem[]> {
  const column = columnOf(list);
  const category = categoryOf(list);
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      category: listings.category,
      status: listings.status,
      visible: listings.visible,
      photos: listings.photos,
    })
    .from(listings)
    .where(category ? and(eq(listings.category, category), ne(listings.status, "archived")) : isNotNull(column))
    .orderBy(asc(column), asc(listings.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    category: row.category,
    status: row.status,
    visible: row.visible,
    cover: row.photos[0] ? toPhotoView(row.photos[0]) : undefined,
  }));
}

/**
 * Saves a new order. For a category, listings not named (added meanwhile, or archived) follow in their current
 * order; for a home list, the ids named are exactly its members (leaving one out removes it from the list).
 */
export async function saveOrder(db: Database, actor: AuditActor, list: OrderListId, ids: readonly string[]): Promise<void> {
  const column = columnOf(list);
  const category = categoryOf(list);
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: listings.id, title: listings.title })
      .from(listings)
      .where(category ? eq(listings.category, category) : isNotNull(column))
      .orderBy(asc(column), asc(listings.id))
      .for("update");
    const unique = [...new Set(ids)];
    let next: string[];
    if (category) {
      const known = new Set(current.map((row) => row.id));
      const named = unique.filter((id) => known.has(id));
      next = [...named, ...current.map((row) => row.id).filter((id) => !named.includes(id))];
    } else {
      // A home list may gain any listing; the public rule still decides whether the home page shows it.
      const exists = await tx
        .select({ id: listings.id })
        .from(listings)
        .where(inArray(listings.id, unique.length ? unique : [""]));
      const existing = new Set(exists.map((row) => row.id));
      next = unique.filter((id) => existing.has(id));
      const removed = current.map((row) => row.id).filter((id) => !next.includes(id));
      if (removed.length) await tx.update(listings).set(placeIn(list, null)).where(inArray(listings.id, removed));
    }
    for (const [index, id] of next.entries()) {
      await tx
        .update(listings)
        .set(placeIn(list, (index + 1) * STEP))
        .where(eq(listings.id, id));
    }
    const before = current.map((row) => row.id);
    if (before.join() === next.join()) return;
    await recordAudit(tx, {
      actor,
      kind: "listing",
      action: list === "carousel" ? "home carousel arranged" : list === "picks" ? "staff picks arranged" : "featured order arranged",
      subjectId: null,
      subjectLabel: list === "carousel" ? "Home carousel" : list === "picks" ? "Staff picks" : `${CATEGORIES[list].name}: featured order`,
      changes: { order: { before, after: next } },
    });
    await announceChange(tx, "listings", "*");
  });
}
