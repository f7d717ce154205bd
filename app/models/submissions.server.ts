import { and, eq, isNull, sql } from "drizzle-orm";
import { announceChange } from "#app/db/change-bus.server";
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

export type StoredSubmission =
  | { duplicate: false; /** The staff notification's outbox row, which the visitor's answer waits for. */ notificationId: string }
  | { duplicate: true; notificationSent: boolean };

/**
 * Stores the enquiry and its two outbox messages in one transaction: either all three rows exist or
 * none does, and every process hears of it on commit (the live bell). The submission id is unique, so a
 * second post of the same form stores nothing more.
 */
export async function storeSubmission(db: Database, submission: NewSubmission): Promise<StoredSubmission> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(contactSubmissions)
      .values({ ...submission, status: "pending" })
      .onConflictDoNothing({ target: contactSubmissions.submissionId })
      .returning({ id: contactSubmissions.id });
    if (inserted.length === 0) {
      const [existing] = await tx
        .select({ emailSent: contactSubmissions.emailSent })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.submissionId, submission.submissionId));
      return { duplicate: true, notificationSent: existing?.emailSent ?? false };
    }
    const messages = await tx
      .insert(emailOutbox)
      .values(ENQUIRY_MAIL_KINDS.map((kind) => ({ submissionId: submission.submissionId, kind })))
      .returning({ id: emailOutbox.id, kind: emailOutbox.kind });
    await announceChange(tx, "enquiries", `new:${submission.submissionId}`);
    return { duplicate: false, notificationId: messages.find((message) => message.kind === "staff-notification")!.id };
  });
}

/** Whether a form with this submission id was already stored, and if so whether its notification went out. */
export async function findStoredForm(db: Database, submissionId: string): Promise<{ notificationSent: boolean } | null> {
  const [row] = await db
    .select({ emailSent: contactSubmissions.emailSent })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.submissionId, submissionId));
  return row ? { notificationSent: row.emailSent } : null;
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
 * A send failed. The message waits for its next attempt, unless the failure was permanent or this was the
 * last attempt allowed: then it is marked failed for good (staff see the reason and may retry it by hand).
 * When it is one of an enquiry's own messages, the enquiry's record shows status error with the reason.
 */
export async function recordFailure(
  db: Database,
  outboxId: string,
  enquirySubmissionId: string | null,
  errorText: string,
  { retryInSeconds, permanent, maxAttempts }: { retryInSeconds: number; permanent: boolean; maxAttempts: number },
): Promise<{ failedForGood: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        lastError: errorText,
        lockedUntil: null,
        nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
        failedAt: permanent ? sql`now()` : sql`case when ${emailOutbox.attempts} + 1 >= ${maxAttempts} then now() else null end`,
      })
      .where(eq(emailOutbox.id, outboxId))
      .returning({ failedAt: emailOutbox.failedAt });
    const failedForGood = Boolean(row?.failedAt);
    if (!enquirySubmissionId) return { failedForGood };
    await tx
      .update(contactSubmissions)
      .set({
        status: "error",
        metadata: sql`${contactSubmissions.metadata} || jsonb_build_object('error', ${errorText}::text, 'errorAt', now())`,
      })
      .where(eq(contactSubmissions.submissionId, enquirySubmissionId));
    return { failedForGood };
  });
}
