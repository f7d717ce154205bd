import { eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database, DbOrTx } from "#app/db/client.server";
import { preparedStatement } from "#app/db/prepared.server";
import { contactSubmissions, emailOutbox, listings, listingSlugs, type ContactSubmissionRow, type EmailOutboxRow } from "#app/db/schema";
import type { MailKind } from "#app/services/mail/message.server";

/** A leased message and, when it belongs to an enquiry, that enquiry (and the title of its listing). */
export type ClaimedMessage = { outbox: EmailOutboxRow; submission?: ContactSubmissionRow; listingTitle?: string };

/**
 * Queues one e-mail. Pass the transaction that makes the change the message is about, so the change and
 * its message are stored together; call the outbox's wake() after commit to send it at once.
 */
export async function enqueueMail(
  db: DbOrTx,
  message: { kind: MailKind; recipient?: string; submissionId?: string; payload?: Record<string, unknown> },
): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ kind: message.kind, recipient: message.recipient ?? null, submissionId: message.submissionId ?? null, payload: message.payload ?? {} })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/**
 * Joins an enquiry to the listing it was sent from. Its path is the listing's address then, /category/slug: the slug
 * history (every slug a listing has had, its current one included) names the listing, whatever its id, and still does
 * after the slug has changed.
 */
export const listingOfEnquiry = sql`${listings.id} = (select ${listingSlugs.listingId} from ${listingSlugs}
  where ${listingSlugs.category} = split_part(${contactSubmissions.listingPath}, '/', 2)
    and ${listingSlugs.slug} = split_part(${contactSubmissions.listingPath}, '/', 3))`;

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Payload fields only the message itself needs: the one-time token in a password reset or invitation link. The
 * token waits in the row until the message leaves (docs/decisions/0013-outbox-store-first-then-send.md); once it has been
 * sent, or has failed for good, nothing will read it again, so it is removed rather than kept in the database.
 */
const SECRET_PAYLOAD_FIELDS = ["token"] as const;
const secretFields = sql.raw(`array[${SECRET_PAYLOAD_FIELDS.map((field) => `'${field}'`).join(", ")}]::text[]`);

/** A message's payload without its secret fields: what a sent message keeps (markSent writes it with the sending). */
export const payloadWithoutSecrets = () => sql`${emailOutbox.payload} - ${secretFields}`;

/**
 * Removes the secret payload fields of every message that has been sent or has failed for good. A sent message loses
 * them as it is recorded (markSent); this sweep, on the worker's regular passes, catches messages failed for good.
 */
export async function forgetSettledSecrets(db: DbOrTx): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ payload: sql`${emailOutbox.payload} - ${secretFields}` })
    .where(sql`(${emailOutbox.sentAt} is not null or ${emailOutbox.failedAt} is not null) and ${emailOutbox.payload} ?| ${secretFields}`);
}

/** Due, and free to take: not sent, not failed for good, and no live lease (a process that died leaves it to expire). */
const DUE_AND_FREE = sql`sent_at is null and failed_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())`;

/**
 * Takes up to `limit` due messages and leases them until now + leaseSeconds, so no other process sends
 * them meanwhile. `skip locked` lets several app processes claim in parallel on PostgreSQL; PGlite has a
 * single connection, where the lease alone is enough. A process that dies leaves the lease to expire.
 * Messages that failed for good are never claimed; `preferIds` (a visitor waiting for their enquiry's
 * notification) go first.
 */
export async function claimDueMessages(
  db: Database,
  { limit, leaseSeconds, excludeIds = [], preferIds = [] }: { limit: number; leaseSeconds: number; excludeIds?: string[]; preferIds?: string[] },
): Promise<ClaimedMessage[]> {
  const exclude = excludeIds.length ? sql`and id not in (${uuidList(excludeIds)})` : sql``;
  const preferred = preferIds.length ? sql`(id in (${uuidList(preferIds)})) desc,` : sql``;
  return claim(
    db,
    leaseSeconds,
    sql`${emailOutbox.id} in (
      select id from email_outbox
      where ${DUE_AND_FREE} ${exclude}
      order by ${preferred} next_attempt_at
      limit ${limit}
      for update skip locked)`,
  );
}

/**
 * Takes this message and the other due messages of its enquiry, for a visitor waiting on it: they are sent at once
 * instead of after the messages claimed before them, this one first. Empty when another pass or process holds it.
 */
export async function claimForWaitingVisitor(db: Database, outboxId: string, leaseSeconds: number): Promise<ClaimedMessage[]> {
  const claimed = toClaimedMessages(await claimForWaitingVisitorStatement(db).execute({ outboxId, leaseSeconds }));
  if (!claimed.some((message) => message.outbox.id === outboxId)) {
    // Only its companions were free: the holder of this one sends it; let them go the usual way.
    if (claimed.length) await releaseLeases(db, claimed);
    return [];
  }
  return claimed.sort((a, b) => Number(b.outbox.id === outboxId) - Number(a.outbox.id === outboxId));
}

/** Built once: it runs for the first enquiry of every quiet moment. */
const claimForWaitingVisitorStatement = preparedStatement((db) => {
  const outboxId = sql`${sql.placeholder("outboxId")}::uuid`;
  return claimStatement(
    db,
    sql`${DUE_AND_FREE} and (${emailOutbox.id} = ${outboxId} or ${emailOutbox.submissionId} = (select submission_id from email_outbox where id = ${outboxId}))`,
  ).prepare("claim_for_waiting_visitor");
});

async function releaseLeases(db: Database, claimed: ClaimedMessage[]) {
  await db
    .update(emailOutbox)
    .set({ lockedUntil: null })
    .where(sql`${emailOutbox.id} in (${uuidList(claimed.map((message) => message.outbox.id))})`);
}

/**
 * Leases the messages `which` selects and reads each with its enquiry (and that enquiry's listing title), which the
 * composers need, in one statement.
 */
async function claim(db: Database, leaseSeconds: number, which: SQL): Promise<ClaimedMessage[]> {
  return toClaimedMessages(await claimStatement(db, which).execute({ leaseSeconds }));
}

/** The claiming statement for the messages `which` selects; the lease's length is its placeholder `leaseSeconds`. */
function claimStatement(db: Database, which: SQL) {
  const claimed = db.$with("claimed").as(
    db
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${sql.placeholder("leaseSeconds")}::int)` })
      .where(which)
      .returning(),
  );
  // Every column the update returned, read through the CTE (Drizzle selects a subquery's columns one by one).
  const outboxFields = Object.fromEntries(OUTBOX_COLUMNS.map((key) => [key, claimed[key]]));
  return db
    .with(claimed)
    .select({ outbox: outboxFields, submission: contactSubmissions, listingTitle: listings.title })
    .from(claimed)
    .leftJoin(contactSubmissions, eq(contactSubmissions.submissionId, claimed.submissionId))
    .leftJoin(listings, listingOfEnquiry);
}

function toClaimedMessages(
  rows: { outbox: Record<string, unknown>; submission: ContactSubmissionRow | null; listingTitle: string | null }[],
): ClaimedMessage[] {
  return rows.map(({ outbox, submission, listingTitle }) => ({
    outbox: outbox as EmailOutboxRow,
    submission: submission ?? undefined,
    listingTitle: listingTitle ?? undefined,
  }));
}

const OUTBOX_COLUMNS = Object.keys(getTableColumns(emailOutbox)) as (keyof EmailOutboxRow)[];

/** Exponential backoff: 5 s, 10 s, 20 s, ... capped at 15 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 15 * 60);
}
