import { and, asc, count, eq, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "#app/db/client.server";
import { announceChange } from "#app/db/change-bus.server";
import { listings } from "#app/db/schema";
import type { CategoryId } from "#app/domain/category-ids";
import { toPhotoView } from "#app/domain/listing-photos";
import {
  ORDER_CONFLICT_MESSAGE,
  ORDER_PAGE_SIZE,
  orderFingerprint,
  type OrderItem,
  type OrderListId,
  type OrderMove,
  type OrderPage,
} from "#app/domain/listing-order";
import { recordAudit, type AuditActor } from "./audit.server";
import { listedSql } from "./listings-visibility.server";

/**
 * The orders staff arrange by drag and drop: each category's "Featured" order (the public pages' default sort)
 * and the home page's two lists, the carousel's listing slides and the staff picks that fill Trending Now.
 *
 * A list can hold tens of thousands of listings, so it is shown a page at a time and a change is one move ("this
 * listing goes after that one"), written as one row's new place between its neighbours' places. Places are
 * integers with gaps; only when a gap is used up is the list numbered again, in one statement.
 * Every change checks the page it was made on (its fingerprint) under a per-list lock, so a page that went
 * stale while someone else arranged the list is refused instead of undoing their work. Joining or leaving a
 * home list raises the listing's version, so an editor form opened before refuses to undo that
 * (docs/decisions/0010).
 */
const STEP = 1024;

/** A place in the list: the listing's id and its number in the list's column. */
type Placed = { id: string; title: string; place: number };

/** A page that no longer shows the list as it is. */
export class OrderConflictError extends Error {
  constructor() {
    super(ORDER_CONFLICT_MESSAGE);
    this.name = "OrderConflictError";
  }
}

/** A change the list cannot take (a listing that is not on it, or cannot be shown on the home page). */
export class OrderRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OrderRefusedError";
  }
}

function columnOf(list: OrderListId) {
  if (list === "carousel") return listings.homeSlidePosition;
  if (list === "picks") return listings.staffPickPosition;
  return listings.position;
}

const COLUMN_NAMES = { carousel: "home_slide_position", picks: "staff_pick_position", category: "position" } as const;
const FIELD_NAMES = { carousel: "homeSlidePosition", picks: "staffPickPosition", category: "position" } as const;
const kindOf = (list: OrderListId) => (list === "carousel" || list === "picks" ? list : "category");

function categoryOf(list: OrderListId): CategoryId | undefined {
  return list === "carousel" || list === "picks" ? undefined : list;
}

/** The listings on the list as staff arrange it: a category's (archived ones left out), or a home list's members. */
function membersOf(list: OrderListId): SQL {
  const category = categoryOf(list);
  return category ? and(eq(listings.category, category), ne(listings.status, "archived"))! : isNotNull(columnOf(list));
}

/** The row change that puts a listing at a place in the list (null: off a home list). */
function placeIn(list: OrderListId, place: number | null) {
  if (list === "carousel") return { homeSlidePosition: place };
  if (list === "picks") return { staffPickPosition: place };
  return { position: place ?? 0 };
}

const itemColumns = {
  id: listings.id,
  title: listings.title,
  category: listings.category,
  status: listings.status,
  visible: listings.visible,
  photos: listings.photos,
};

function pageWindow(page: number) {
  // One row more before the page: the listing a drop at the top of the page goes after.
  const offset = (page - 1) * ORDER_PAGE_SIZE;
  return { offset: Math.max(0, offset - 1), limit: ORDER_PAGE_SIZE + (offset > 0 ? 1 : 0), hasBefore: offset > 0 };
}

/** One page of a list, with what a save from it must still find (its fingerprint). */
export async function loadOrderPage(db: Database, list: OrderListId, requestedPage = 1): Promise<OrderPage> {
  const column = columnOf(list);
  const [totals] = await db.select({ total: count() }).from(listings).where(membersOf(list));
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(requestedPage) || 1), pageCount);
  const window = pageWindow(page);
  const rows = await db
    .select(itemColumns)
    .from(listings)
    .where(membersOf(list))
    .orderBy(asc(column), asc(listings.id))
    .offset(window.offset)
    .limit(window.limit);
  const before = window.hasBefore ? (rows.shift()?.id ?? null) : null;
  const items: OrderItem[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    category: row.category,
    status: row.status,
    visible: row.visible,
    cover: row.photos[0] ? toPhotoView(row.photos[0]) : undefined,
  }));
  return {
    list,
    items,
    page,
    pageCount,
    total,
    before,
    fingerprint: orderFingerprint(
      page,
      before,
      items.map((item) => item.id),
    ),
  };
}

/** The fingerprint of a page of the list as it is now (a bounded read: one page). */
async function currentFingerprint(tx: Transaction, list: OrderListId, page: number): Promise<string> {
  const window = pageWindow(page);
  const rows = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(membersOf(list))
    .orderBy(asc(columnOf(list)), asc(listings.id))
    .offset(window.offset)
    .limit(window.limit);
  const ids = rows.map((row) => row.id);
  const before = window.hasBefore ? (ids.shift() ?? null) : null;
  return orderFingerprint(page, before, ids);
}

/** What a change was made on: the page and its fingerprint as the page loaded it. */
export type OrderPageCheck = { page: number; fingerprint: string };

/** Runs a change of one list: one at a time per list (a transaction lock), and only if the page is still true. */
async function changeList(db: Database, list: OrderListId, check: OrderPageCheck, change: (tx: Transaction) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`listing-order:${list}`}))`);
    if ((await currentFingerprint(tx, list, check.page)) !== check.fingerprint) throw new OrderConflictError();
    await change(tx);
    await announceChange(tx, "listings", "*");
  });
}

async function placedOf(tx: Transaction, list: OrderListId, id: string): Promise<Placed | undefined> {
  const column = columnOf(list);
  const [row] = await tx
    .select({ id: listings.id, title: listings.title, place: column })
    .from(listings)
    .where(and(eq(listings.id, id), membersOf(list)))
    .limit(1);
  return row && row.place !== null ? { id: row.id, title: row.title, place: row.place } : undefined;
}

/** The member that follows a place in the list (the first member without one), leaving `skip` out. */
async function memberAfter(tx: Transaction, list: OrderListId, anchor: Placed | null, skip: string): Promise<Placed | undefined> {
  const column = columnOf(list);
  const [row] = await tx
    .select({ id: listings.id, title: listings.title, place: column })
    .from(listings)
    .where(and(membersOf(list), ne(listings.id, skip), anchor ? sql`(${column}, ${listings.id}) > (${anchor.place}, ${anchor.id})` : undefined))
    .orderBy(asc(column), asc(listings.id))
    .limit(1);
  return row && row.place !== null ? { id: row.id, title: row.title, place: row.place } : undefined;
}

/** The `count` members right before a listing, nearest first. */
async function membersBefore(tx: Transaction, list: OrderListId, of: Placed, limit: number): Promise<Placed[]> {
  const column = columnOf(list);
  const rows = await tx
    .select({ id: listings.id, title: listings.title, place: column })
    .from(listings)
    .where(and(membersOf(list), sql`(${column}, ${listings.id}) < (${of.place}, ${of.id})`))
    .orderBy(sql`${column} desc`, sql`${listings.id} desc`)
    .limit(limit);
  return rows.flatMap((row) => (row.place === null ? [] : [{ id: row.id, title: row.title, place: row.place }]));
}

/** Numbers the whole list again with even gaps, in its current order: one statement, needed only when a gap is used up. */
async function renumber(tx: Transaction, list: OrderListId) {
  const name = sql.raw(COLUMN_NAMES[kindOf(list)]);
  const category = categoryOf(list);
  const scope = category ? sql`category = ${category}` : sql`${name} is not null`;
  await tx.execute(sql`
    update listings set ${name} = ranked.place
    from (select id, (row_number() over (order by ${name}, id))::int * ${STEP} as place from listings where ${scope}) as ranked
    where listings.id = ranked.id`);
}

/** The place between the anchor (null: the top) and the member after it, or null when there is no room left. */
async function placeAfter(tx: Transaction, list: OrderListId, moved: string, anchor: Placed | null): Promise<number | null> {
  const next = await memberAfter(tx, list, anchor, moved);
  if (!anchor) return next ? next.place - STEP : STEP;
  if (!next) return anchor.place + STEP;
  return next.place - anchor.place >= 2 ? anchor.place + Math.floor((next.place - anchor.place) / 2) : null;
}

const ACTIONS = { carousel: "home carousel arranged", picks: "staff picks arranged", category: "featured order arranged" } as const;

async function move(tx: Transaction, actor: AuditActor, list: OrderListId, { id, after }: OrderMove) {
  if (id === after) return;
  const moved = await placedOf(tx, list, id);
  if (!moved) throw new OrderConflictError();
  const anchorOf = async () => {
    if (!after) return null;
    const anchor = await placedOf(tx, list, after);
    if (!anchor) throw new OrderConflictError();
    return anchor;
  };
  let place = await placeAfter(tx, list, id, await anchorOf());
  if (place === null) {
    await renumber(tx, list);
    place = (await placeAfter(tx, list, id, await anchorOf()))!;
  }
  await tx.update(listings).set(placeIn(list, place)).where(eq(listings.id, id));
  await recordAudit(tx, {
    actor,
    kind: "listing",
    action: ACTIONS[kindOf(list)],
    subjectId: id,
    subjectLabel: moved.title,
    changes: { [FIELD_NAMES[kindOf(list)]]: { before: moved.place, after: place } },
  });
}

/** Puts one listing right after another (`after` null: first), as a drag and drop does. */
export async function moveInOrder(db: Database, actor: AuditActor, list: OrderListId, change: OrderMove, check: OrderPageCheck): Promise<void> {
  await changeList(db, list, check, (tx) => move(tx, actor, list, change));
}

/** Moves one listing a place up or down (the buttons beside each row, with or without JavaScript). */
export async function stepInOrder(
  db: Database,
  actor: AuditActor,
  list: OrderListId,
  id: string,
  direction: "up" | "down",
  check: OrderPageCheck,
): Promise<void> {
  await changeList(db, list, check, async (tx) => {
    const moved = await placedOf(tx, list, id);
    if (!moved) throw new OrderConflictError();
    if (direction === "down") {
      const next = await memberAfter(tx, list, moved, id);
      if (next) await move(tx, actor, list, { id, after: next.id });
      return;
    }
    const [previous, beforePrevious] = await membersBefore(tx, list, moved, 2);
    if (previous) await move(tx, actor, list, { id, after: beforePrevious?.id ?? null });
  });
}

/** Listings that may join a home list: shown on the site now (the public rule) and not on it yet; `find` matches titles. */
export async function homeListCandidates(
  db: Database,
  list: "carousel" | "picks",
  find = "",
  limit = 100,
): Promise<{ items: OrderItem[]; more: boolean }> {
  const pattern = `%${find
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select(itemColumns)
    .from(listings)
    .where(and(listedSql(), isNull(columnOf(list)), find.trim() ? sql`lower(${listings.title}) like ${pattern}` : undefined))
    .orderBy(asc(listings.category), asc(sql`lower(${listings.title})`), asc(listings.id))
    .limit(limit + 1);
  return {
    items: rows.slice(0, limit).map((row) => ({
      id: row.id,
      title: row.title,
      category: row.category,
      status: row.status,
      visible: row.visible,
      cover: undefined,
    })),
    more: rows.length > limit,
  };
}

/** A home list gains a listing at its end. Only a listing the site shows may join; its version rises. */
export async function addToHomeList(db: Database, actor: AuditActor, list: "carousel" | "picks", id: string, check: OrderPageCheck): Promise<void> {
  await changeList(db, list, check, async (tx) => {
    const column = columnOf(list);
    const [row] = await tx
      .select({ title: listings.title, place: column })
      .from(listings)
      .where(and(eq(listings.id, id), listedSql()))
      .for("update");
    if (!row) throw new OrderRefusedError("Only a listing shown on the site can join the home page: publish it (and show it) first.");
    if (row.place !== null) return;
    const [last] = await tx.select({ place: sql<number | null>`max(${column})` }).from(listings);
    const place = (last?.place ?? 0) + STEP;
    await tx
      .update(listings)
      .set({ ...placeIn(list, place), version: sql`${listings.version} + 1`, updatedAt: new Date() })
      .where(eq(listings.id, id));
    await recordAudit(tx, {
      actor,
      kind: "listing",
      action: list === "carousel" ? "added to the home carousel" : "added to the staff picks",
      subjectId: id,
      subjectLabel: row.title,
      changes: { [FIELD_NAMES[list]]: { before: null, after: place } },
    });
  });
}

/** A home list loses a listing; its version rises, so an editor form opened before cannot put it back unseen. */
export async function removeFromHomeList(
  db: Database,
  actor: AuditActor,
  list: "carousel" | "picks",
  id: string,
  check: OrderPageCheck,
): Promise<void> {
  await changeList(db, list, check, async (tx) => {
    const member = await placedOf(tx, list, id);
    if (!member) throw new OrderConflictError();
    await tx
      .update(listings)
      .set({ ...placeIn(list, null), version: sql`${listings.version} + 1`, updatedAt: new Date() })
      .where(eq(listings.id, id));
    await recordAudit(tx, {
      actor,
      kind: "listing",
      action: list === "carousel" ? "removed from the home carousel" : "removed from the staff picks",
      subjectId: id,
      subjectLabel: member.title,
      changes: { [FIELD_NAMES[list]]: { before: member.place, after: null } },
    });
  });
}
