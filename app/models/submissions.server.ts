import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contactSubmissions, emailOutbox } from "#app/db/schema";
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

export const OUTBOX_KINDS: readonly MailKind[] = ["staff-notification", "visitor-acknowledgement"];

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
    await tx.insert(emailOutbox).values(OUTBOX_KINDS.map((kind) => ({ submissionId: submission.submissionId, kind })));
    return { duplicate: false };
  });
}

export async function findSubmission(db: Database, submissionId: string) {
  const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.submissionId, submissionId));
  return row;
}

/** A message went out (or was skipped on purpose): flag it, and mark the enquiry processed once nothing is left to send. */
export async function recordDelivery(db: Database, outboxId: string, submissionId: string, kind: MailKind, skipped?: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(emailOutbox)
      .set({ sentAt: sql`now()`, lockedUntil: null, attempts: sql`${emailOutbox.attempts} + 1`, lastError: skipped ?? null })
      .where(and(eq(emailOutbox.id, outboxId), isNull(emailOutbox.sentAt)));
    const flag = skipped ? {} : kind === "staff-notification" ? { emailSent: true } : { confirmationSent: true };
    await tx
      .update(contactSubmissions)
      .set({
        ...flag,
        status: sql`case when exists (select 1 from ${emailOutbox} where ${emailOutbox.submissionId} = ${submissionId} and ${emailOutbox.sentAt} is null) then ${contactSubmissions.status} else 'processed' end`,
        metadata: sql`case when exists (select 1 from ${emailOutbox} where ${emailOutbox.submissionId} = ${submissionId} and ${emailOutbox.sentAt} is null) then ${contactSubmissions.metadata} else ${contactSubmissions.metadata} - 'error' end`,
      })
      .where(eq(contactSubmissions.submissionId, submissionId));
  });
}

/** A send failed: the enquiry shows status error with the reason, and the message waits for its next attempt. */
export async function recordFailure(db: Database, outboxId: string, submissionId: string, errorText: string, retryInSeconds: number) {
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
    await tx
      .update(contactSubmissions)
      .set({
        status: "error",
        metadata: sql`${contactSubmissions.metadata} || jsonb_build_object('error', ${errorText}::text, 'errorAt', now())`,
      })
      .where(eq(contactSubmissions.submissionId, submissionId));
  });
}
