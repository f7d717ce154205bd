import { sql } from "drizzle-orm";
import type { Database, DbOrTx } from "#app/db/client.server";
import { contactSubmissions, emailOutbox, type ContactSubmissionRow, type EmailOutboxRow } from "#app/db/schema";
import type { MailKind } from "#app/services/mail/message.server";

/** A leased message and, when it belongs to an enquiry, that enquiry. */
export type ClaimedMessage = { outbox: EmailOutboxRow; submission?: ContactSubmissionRow };

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
 * Takes up to `limit` due messages and leases them until now + leaseSeconds, so no other process sends
 * them meanwhile. `skip locked` lets several app processes claim in parallel on PostgreSQL; PGlite has a
 * single connection, where the lease alone is enough. A process that dies leaves the lease to expire.
 */
export async function claimDueMessages(
  db: Database,
  { limit, leaseSeconds, excludeIds = [] }: { limit: number; leaseSeconds: number; excludeIds?: string[] },
): Promise<ClaimedMessage[]> {
  const exclude = excludeIds.length
    ? sql`and id not in (${sql.join(
        excludeIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const claimed = await db
    .update(emailOutbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      sql`${emailOutbox.id} in (
        select id from email_outbox
        where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now()) ${exclude}
        order by next_attempt_at
        limit ${limit}
        for update skip locked)`,
    )
    .returning();
  if (claimed.length === 0) return [];
  const ids = [...new Set(claimed.flatMap((row) => (row.submissionId ? [row.submissionId] : [])))];
  const submissions = ids.length
    ? await db
        .select()
        .from(contactSubmissions)
        .where(
          sql`${contactSubmissions.submissionId} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
    : [];
  const bySubmission = new Map(submissions.map((row) => [row.submissionId, row]));
  return claimed.map((outbox) => ({ outbox, submission: outbox.submissionId ? bySubmission.get(outbox.submissionId) : undefined }));
}

/** Exponential backoff: 5 s, 10 s, 20 s, ... capped at 15 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 15 * 60);
}
