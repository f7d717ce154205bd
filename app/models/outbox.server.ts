import { sql } from "drizzle-orm";
import type { Database, DbOrTx } from "#app/db/client.server";
import { contactSubmissions, emailOutbox, listings, type ContactSubmissionRow, type EmailOutboxRow } from "#app/db/schema";
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

/** Joins an enquiry to the listing it was sent from (its path is /category/id; ids are unique). */
export const listingOfEnquiry = sql`${listings.id} = split_part(${contactSubmissions.listingPath}, '/', 3) and ${listings.category} = split_part(${contactSubmissions.listingPath}, '/', 2)`;

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
  const claimed = await db
    .update(emailOutbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      sql`${emailOutbox.id} in (
        select id from email_outbox
        where sent_at is null and failed_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now()) ${exclude}
        order by ${preferred} next_attempt_at
        limit ${limit}
        for update skip locked)`,
    )
    .returning();
  return withTheirEnquiries(db, claimed);
}

/**
 * Takes this one message if it is due and free (not sent, not failed for good, no live lease), for a visitor waiting
 * on it: it is sent at once instead of after the messages claimed before it. Empty when another pass or process holds it.
 */
export async function claimMessage(db: Database, outboxId: string, leaseSeconds: number): Promise<ClaimedMessage[]> {
  const claimed = await db
    .update(emailOutbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      sql`${emailOutbox.id} = ${outboxId} and sent_at is null and failed_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())`,
    )
    .returning();
  return withTheirEnquiries(db, claimed);
}

/** Each claimed message with its enquiry (and that enquiry's listing title), which the composers need. */
async function withTheirEnquiries(db: Database, claimed: EmailOutboxRow[]): Promise<ClaimedMessage[]> {
  if (claimed.length === 0) return [];
  const ids = [...new Set(claimed.flatMap((row) => (row.submissionId ? [row.submissionId] : [])))];
  const submissions = ids.length
    ? await db
        .select({ submission: contactSubmissions, listingTitle: listings.title })
        .from(contactSubmissions)
        .leftJoin(listings, listingOfEnquiry)
        .where(
          sql`${contactSubmissions.submissionId} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
    : [];
  const bySubmission = new Map(submissions.map((row) => [row.submission.submissionId, row]));
  return claimed.map((outbox) => {
    const found = outbox.submissionId ? bySubmission.get(outbox.submissionId) : undefined;
    return { outbox, submission: found?.submission, listingTitle: found?.listingTitle ?? undefined };
  });
}

/** Exponential backoff: 5 s, 10 s, 20 s, ... capped at 15 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 15 * 60);
}
