import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contactSubmissions, emailOutbox } from "#app/db/schema";
import { ENQUIRY_MAIL_KINDS } from "#app/services/mail/mail-kinds.server";
import type { MailKind } from "#app/services/mail/message.server";

export type NewSubmission = {
  submissionId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  interest: string;
  message: string;
  listingPath: string | null;
  metadata: { userAgent: string; timestamp: string };
};

/**
 * Stores the enquiry and its two outbox messages in one transaction: either all three rows exist or
 * none does. The submission id is unique, so a second post of the same form stores nothing more.
 */
export async function storeSubmission(db: Database, submission: NewSubmission): Promise<{ duplicate: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(contactSubmissions)
      .values({ ...submission, status: "pending" })
      .onConflictDoNothing({ target: contactSubmissions.submissionId })
      .returning({ id: contactSubmissions.id });
    if (inserted.length === 0) return { duplicate: true };
    await tx.insert(emailOutbox).values(ENQUIRY_MAIL_KINDS.map((kind) => ({ submissionId: submission.submissionId, kind })));
    return { duplicate: false };
  });
}

export async function findSubmission(db: Database, submissionId: string) {
  const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.submissionId, submissionId));
  return row;
}

/**
 * A message went out (or was skipped on purpose). One autocommit statement, issued the moment the
 * transport returns: the shorter the gap between the mail server's "accepted" and this write, the
 * smaller the chance that a crash in between makes the message go out again after a restart.
 */
export async function markSent(db: Database, outboxId: string, skipped?: string) {
  await db
    .update(emailOutbox)
    .set({ sentAt: sql`now()`, lockedUntil: null, attempts: sql`${emailOutbox.attempts} + 1`, lastError: skipped ?? null })
    .where(and(eq(emailOutbox.id, outboxId), isNull(emailOutbox.sentAt)));
}

/**
 * Brings an enquiry's flags in line with its outbox: email_sent / confirmation_sent once that message
 * really went out (not skipped), and status processed (error text cleared) once nothing is left to send.
 * Without an id it repairs every enquiry a crash left behind between markSent and this update.
 */
export async function refreshSubmissionStatus(db: Database, submissionId?: string) {
  const sent = (kind: MailKind) =>
    sql`exists (select 1 from ${emailOutbox} o where o.submission_id = ${contactSubmissions.submissionId} and o.kind = ${kind} and o.sent_at is not null and o.last_error is null)`;
  const enquiryKinds = sql.join(
    ENQUIRY_MAIL_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  // Only the enquiry's own messages decide its status; later messages (replies) have their own delivery state.
  const nothingLeft = sql`not exists (select 1 from ${emailOutbox} o where o.submission_id = ${contactSubmissions.submissionId} and o.kind in (${enquiryKinds}) and o.sent_at is null)`;
  await db
    .update(contactSubmissions)
    .set({
      emailSent: sent("staff-notification"),
      confirmationSent: sent("visitor-acknowledgement"),
      status: sql`case when ${nothingLeft} then 'processed' else ${contactSubmissions.status} end`,
      metadata: sql`case when ${nothingLeft} then ${contactSubmissions.metadata} - 'error' else ${contactSubmissions.metadata} end`,
    })
    .where(
      submissionId
        ? eq(contactSubmissions.submissionId, submissionId)
        : and(
            sql`${contactSubmissions.status} <> 'processed'`,
            sql`exists (select 1 from ${emailOutbox} o where o.submission_id = ${contactSubmissions.submissionId})`,
            nothingLeft,
          ),
    );
}

/**
 * A send failed: the message waits for its next attempt and, when it is one of an enquiry's own messages,
 * the enquiry shows status error with the reason.
 */
export async function recordFailure(db: Database, outboxId: string, enquirySubmissionId: string | null, errorText: string, retryInSeconds: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        lastError: errorText,
        lockedUntil: null,
        nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
      })
      .where(eq(emailOutbox.id, outboxId));
    if (!enquirySubmissionId) return;
    await tx
      .update(contactSubmissions)
      .set({
        status: "error",
        metadata: sql`${contactSubmissions.metadata} || jsonb_build_object('error', ${errorText}::text, 'errorAt', now())`,
      })
      .where(eq(contactSubmissions.submissionId, enquirySubmissionId));
  });
}
