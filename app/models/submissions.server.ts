import { createHash } from "node:crypto";
import { and, eq, isNull, sql, type SQLWrapper } from "drizzle-orm";
import { changeNoticeFor } from "#app/db/change-bus.server";
import type { Database } from "#app/db/client.server";
import { preparedStatement } from "#app/db/prepared.server";
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
 * Stores the enquiry and its two outbox messages in one statement, so in one implicit transaction: either all three
 * rows exist or none does, and every process hears of it on commit (the live bell). One statement rather than a
 * transaction of five: on the embedded database each round trip costs more than the work it carries, and this runs
 * for every enquiry. The submission id is unique, so a second post of the same form stores nothing more.
 */
export async function storeSubmission(db: Database, submission: NewSubmission): Promise<StoredSubmission> {
  const messages = await storeStatement(db).execute({
    ...submission,
    intent: submission.intent ?? null,
    contactMethod: submission.contactMethod ?? null,
    contactTime: submission.contactTime ?? null,
  });
  const notification = messages.find((message) => message.kind === "staff-notification");
  if (notification) return { duplicate: false, notificationId: notification.id };
  // The id was taken: by this form posted before (or at the same moment, then committed by now), or by another.
  const existing = await findStoredForm(db, submission.submissionId);
  if (!existing) throw new Error(`enquiry ${submission.submissionId} was neither stored nor found`);
  return { duplicate: true, ...existing };
}

const storeStatement = preparedStatement((db) => {
  const value = (field: keyof NewSubmission) => sql.placeholder(field);
  const inserted = db.$with("inserted").as(
    db
      .insert(contactSubmissions)
      .values({
        submissionId: value("submissionId"),
        firstName: value("firstName"),
        lastName: value("lastName"),
        email: value("email"),
        phone: value("phone"),
        interest: value("interest"),
        message: value("message"),
        listingPath: value("listingPath"),
        intent: value("intent"),
        contactMethod: value("contactMethod"),
        contactTime: value("contactTime"),
        metadata: value("metadata"),
        status: "pending",
      })
      .onConflictDoNothing({ target: contactSubmissions.submissionId })
      .returning({ submissionId: contactSubmissions.submissionId }),
  );
  // Drizzle's insert-from-select wants every column of the table, so this one is written out.
  const queued = db.$with("queued", { id: sql<string>`id`.as("id"), kind: sql<string>`kind`.as("kind") }).as(
    sql`insert into ${emailOutbox} (submission_id, kind)
        select ${inserted.submissionId}, kind from ${inserted} cross join unnest(${enquiryMailKinds}) as kind
        returning id, kind`,
  );
  // The notice is selected with the rows, so it is sent exactly when they commit (PostgreSQL folds the two
  // identical notices of one transaction into one).
  return db
    .with(inserted, queued)
    .select({ id: queued.id, kind: queued.kind, notice: changeNoticeFor("enquiries", sql`'new:' || ${value("submissionId")}`) })
    .from(queued)
    .prepare("store_submission");
});

/** The kinds of an enquiry's own messages, as an SQL array (constants from the code, never input). */
const enquiryMailKinds = sql.raw(`array[${ENQUIRY_MAIL_KINDS.map((kind) => `'${kind}'`).join(", ")}]::text[]`);

/** The form stored under this submission id, if any: what it said, and whether its notification went out. */
export async function findStoredForm(db: Database, submissionId: string): Promise<StoredForm | null> {
  const [row] = await storedFormStatement(db).execute({ submissionId });
  return row ? toStoredForm(row) : null;
}

const storedFormStatement = preparedStatement((db) =>
  db
    .select(storedForm)
    .from(contactSubmissions)
    .where(eq(contactSubmissions.submissionId, sql.placeholder("submissionId")))
    .prepare("find_stored_form"),
);

export async function findSubmission(db: Database, submissionId: string) {
  const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.submissionId, submissionId));
  return row;
}

/**
 * A message went out (or was skipped on purpose). One autocommit statement, issued the moment the
 * transport returns: the shorter the gap between the mail server's "accepted" and this write, the
 * smaller the chance that a crash in between makes the message go out again after a restart. The
 * payload's secrets (a reset link's token) go with it: nothing will read them again. When the message is
 * one of its enquiry's own, the same statement brings the enquiry's flags in line (refreshSubmissionStatus's
 * rules, counting this message as sent: the rest of the statement still sees the outbox as it was before), and it
 * tells live admin views of the change on commit.
 */
export async function markSent(db: Database, outboxId: string, skipped?: string) {
  await markSentStatement(db).execute({ outboxId, skipped: skipped ?? null });
}

const markSentStatement = preparedStatement((db) => {
  const sent = db.$with("sent").as(
    db
      .update(emailOutbox)
      .set({
        sentAt: sql`now()`,
        lockedUntil: null,
        attempts: sql`${emailOutbox.attempts} + 1`,
        lastError: sql`${sql.placeholder("skipped")}::text`,
        payload: payloadWithoutSecrets(),
      })
      .where(and(eq(emailOutbox.id, sql.placeholder("outboxId")), isNull(emailOutbox.sentAt)))
      .returning({ id: emailOutbox.id, submissionId: emailOutbox.submissionId, kind: emailOutbox.kind, lastError: emailOutbox.lastError }),
  );
  const sentNow = (kind: MailKind) => sql`(${sent.kind} = ${kind} and ${sent.lastError} is null)`;
  const flags = db.$with("flags").as(
    db
      .update(contactSubmissions)
      .set({
        emailSent: sql`${sentBefore("staff-notification", sent.id)} or ${sentNow("staff-notification")}`,
        confirmationSent: sql`${sentBefore("visitor-acknowledgement", sent.id)} or ${sentNow("visitor-acknowledgement")}`,
        status: sql`case when ${nothingLeft(sent.id)} then 'processed' else ${contactSubmissions.status} end`,
        metadata: sql`case when ${nothingLeft(sent.id)} then ${contactSubmissions.metadata} - 'error' else ${contactSubmissions.metadata} end`,
      })
      .from(sent)
      .where(and(eq(contactSubmissions.submissionId, sent.submissionId), sql`${sent.kind} = any(${enquiryMailKinds})`))
      .returning({ id: contactSubmissions.id }),
  );
  // Both updates run whatever the select reads; the select announces the delivery (live admin views) on commit.
  return db
    .with(sent, flags)
    .select({ notice: deliveryNotice(sql`coalesce(${sent.submissionId}, ${sent.id}::text)`) })
    .from(sent)
    .prepare("mark_sent");
});

/** What live admin views hear when a message's delivery state changes: its enquiry (or the message itself). */
const deliveryNotice = (key: SQLWrapper) => changeNoticeFor("enquiries", sql`'delivery:' || ${key}`);

/** Whether the enquiry's message of this kind went out (not skipped); `except`: a message this statement records. */
const sentBefore = (kind: MailKind, except?: SQLWrapper) =>
  sql`exists (select 1 from ${emailOutbox} o where o.submission_id = ${contactSubmissions.submissionId} and o.kind = ${kind} and o.sent_at is not null and o.last_error is null${except ? sql` and o.id <> ${except}` : sql``})`;

/**
 * Whether nothing of the enquiry's own is left to send; `except`: a message this statement records as sent. Only the
 * enquiry's own messages decide its status; later messages (replies) have their own delivery state.
 */
const nothingLeft = (except?: SQLWrapper) =>
  sql`not exists (select 1 from ${emailOutbox} o where o.submission_id = ${contactSubmissions.submissionId} and o.kind = any(${enquiryMailKinds}) and o.sent_at is null${except ? sql` and o.id <> ${except}` : sql``})`;

/**
 * Brings every enquiry's flags in line with its outbox, as markSent keeps them: email_sent / confirmation_sent once
 * that message really went out (not skipped), and status processed (error text cleared) once nothing is left to send.
 */
export async function refreshSubmissionStatus(db: Database) {
  await db
    .update(contactSubmissions)
    .set({
      emailSent: sentBefore("staff-notification"),
      confirmationSent: sentBefore("visitor-acknowledgement"),
      status: sql`'processed'`,
      metadata: sql`${contactSubmissions.metadata} - 'error'`,
    })
    .where(
      and(
        sql`${contactSubmissions.status} <> 'processed'`,
        sql`exists (select 1 from ${emailOutbox} o where o.submission_id = ${contactSubmissions.submissionId})`,
        nothingLeft(),
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
      .returning({ failedAt: emailOutbox.failedAt, notice: deliveryNotice(sql`coalesce(${emailOutbox.submissionId}, ${emailOutbox.id}::text)`) });
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
