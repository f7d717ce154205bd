import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { announceChange } from "#app/db/change-bus.server";
import type { Database } from "#app/db/client.server";
import { payloadWithoutSecrets } from "#app/models/outbox.server";
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
  /** Detail enquiries: the next step asked for, how and when to reach the visitor (domain/enquiry-intents.ts). */
  intent?: string | null;
  contactMethod?: string | null;
  contactTime?: string | null;
  metadata: { userAgent: string; timestamp: string };
};

export type StoredSubmission =
  | { duplicate: false; /** The staff notification's outbox row, which the visitor's answer waits for. */ notificationId: string }
  | ({ duplicate: true } & StoredForm);

/**
 * A form already stored under a submission id. The id is an idempotency key, not an identity: a page kept by a cache
 * (ours, a CDN's, the browser's after a 304) hands the same id to everyone it serves, so a post under a known id is the
 * same enquiry only when it says the same thing (`isSameEnquiry`); otherwise it is a new one.
 */
export type StoredForm = { notificationSent: boolean; content: EnquiryContent };

/** What makes two posts one enquiry: who wrote, what about, and what they wrote. */
type EnquiryContent = Pick<NewSubmission, "firstName" | "lastName" | "email" | "phone" | "message" | "listingPath">;

const storedForm = {
  emailSent: contactSubmissions.emailSent,
  firstName: contactSubmissions.firstName,
  lastName: contactSubmissions.lastName,
  email: contactSubmissions.email,
  phone: contactSubmissions.phone,
  message: contactSubmissions.message,
  listingPath: contactSubmissions.listingPath,
};

function toStoredForm({ emailSent, ...content }: { emailSent: boolean } & EnquiryContent): StoredForm {
  return { notificationSent: emailSent, content };
}

/**
 * The id a different enquiry posted under an id already used is stored under: derived from that id and what the
 * enquiry says, so posting it again (a reload without JavaScript) finds it as itself instead of storing it twice.
 */
export function ownSubmissionId(submission: NewSubmission): string {
  const { firstName, lastName, email, phone, message, listingPath } = submission;
  const digest = createHash("sha256")
    .update([submission.submissionId, firstName, lastName, email, phone, message, listingPath ?? ""].join("\u0000"))
    .digest();
  // Formatted as a name-based UUID (version 5 and RFC 4122 variant bits), like every other submission id.
  digest[6] = (digest[6]! & 0x0f) | 0x50;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = digest.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function isSameEnquiry(stored: StoredForm, submission: NewSubmission): boolean {
  const { content } = stored;
  return (
    content.firstName === submission.firstName &&
    content.lastName === submission.lastName &&
    content.email === submission.email &&
    content.phone === submission.phone &&
    content.message === submission.message &&
    content.listingPath === submission.listingPath
  );
}

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
      const [existing] = await tx.select(storedForm).from(contactSubmissions).where(eq(contactSubmissions.submissionId, submission.submissionId));
      // The row that won the insert is read in the same transaction, so it exists.
      return { duplicate: true, ...toStoredForm(existing!) };
    }
    const messages = await tx
      .insert(emailOutbox)
      .values(ENQUIRY_MAIL_KINDS.map((kind) => ({ submissionId: submission.submissionId, kind })))
      .returning({ id: emailOutbox.id, kind: emailOutbox.kind });
    await announceChange(tx, "enquiries", `new:${submission.submissionId}`);
    return { duplicate: false, notificationId: messages.find((message) => message.kind === "staff-notification")!.id };
  });
}

/** The form stored under this submission id, if any: what it said, and whether its notification went out. */
export async function findStoredForm(db: Database, submissionId: string): Promise<StoredForm | null> {
  const [row] = await db.select(storedForm).from(contactSubmissions).where(eq(contactSubmissions.submissionId, submissionId));
  return row ? toStoredForm(row) : null;
}

export async function findSubmission(db: Database, submissionId: string) {
  const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.submissionId, submissionId));
  return row;
}

/**
 * A message went out (or was skipped on purpose). One autocommit statement, issued the moment the
 * transport returns: the shorter the gap between the mail server's "accepted" and this write, the
 * smaller the chance that a crash in between makes the message go out again after a restart. The
 * payload's secrets (a reset link's token) go with it: nothing will read them again.
 */
export async function markSent(db: Database, outboxId: string, skipped?: string) {
  await db
    .update(emailOutbox)
    .set({
      sentAt: sql`now()`,
      lockedUntil: null,
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: skipped ?? null,
      payload: payloadWithoutSecrets(),
    })
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
