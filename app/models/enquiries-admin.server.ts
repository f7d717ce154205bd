import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contactSubmissions, type ContactSubmissionRow } from "#app/db/schema";

export const ENQUIRY_PAGE_SIZE = 25;

/** Enquiries staff have not opened yet: the number on the notification bell. */
export async function countUnopenedEnquiries(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contactSubmissions).where(isNull(contactSubmissions.openedAt));
  return row?.value ?? 0;
}

export type EnquirySummary = Pick<
  ContactSubmissionRow,
  "id" | "firstName" | "lastName" | "email" | "interest" | "status" | "openedAt" | "createdAt" | "listingPath"
> & {
  excerpt: string;
};

/** Newest first, one page at a time; the message is cut to a one-line excerpt for the list. */
export async function listEnquiries(db: Database, { page = 1 }: { page?: number } = {}): Promise<{ items: EnquirySummary[]; total: number }> {
  const offset = (Math.max(page, 1) - 1) * ENQUIRY_PAGE_SIZE;
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: contactSubmissions.id,
        firstName: contactSubmissions.firstName,
        lastName: contactSubmissions.lastName,
        email: contactSubmissions.email,
        interest: contactSubmissions.interest,
        status: contactSubmissions.status,
        openedAt: contactSubmissions.openedAt,
        createdAt: contactSubmissions.createdAt,
        listingPath: contactSubmissions.listingPath,
        excerpt: sql<string>`left(${contactSubmissions.message}, 160)`,
      })
      .from(contactSubmissions)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(ENQUIRY_PAGE_SIZE)
      .offset(offset),
    db.select({ value: count() }).from(contactSubmissions),
  ]);
  return { items, total: total?.value ?? 0 };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One enquiry for staff to read; the first time it is opened, opened_at is stamped (only if still empty,
 * so the first reader's time is kept). Null for an unknown id.
 */
export async function openEnquiry(db: Database, id: string, now = new Date()): Promise<ContactSubmissionRow | null> {
  if (!UUID.test(id)) return null;
  await markEnquiryOpened(db, id, now);
  const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  return row ?? null;
}

/** Stamps opened_at the first time; later calls keep the first reader's time. Idempotent. */
export async function markEnquiryOpened(db: Database, id: string, now = new Date()): Promise<void> {
  if (!UUID.test(id)) return;
  await db
    .update(contactSubmissions)
    .set({ openedAt: now })
    .where(and(eq(contactSubmissions.id, id), isNull(contactSubmissions.openedAt)));
}

/** The enquiry id when the URL is an enquiry's page (or the client router's data request for it). */
export function enquiryIdFromPath(pathname: string): string | null {
  const match = /^\/edit\/enquiries\/([^/]+?)(?:\.data)?$/.exec(pathname);
  return match?.[1] ?? null;
}
