import { and, asc, inArray, isNull, lt, sql } from "drizzle-orm";
import { announceChange } from "#app/db/change-bus.server";
import type { Database, DbOrTx } from "#app/db/client.server";
import { contactSubmissions, emailOutbox, enquiryNotes } from "#app/db/schema";
import { enquiryReference } from "#app/domain/enquiry-reference";
import { recordAudit, type AuditActor } from "./audit.server";
import { countOf } from "#app/domain/plural";
import { retentionCutoff } from "#app/domain/retention-schedule";

/**
 * Personal data held about visitors: everything about one e-mail address can be exported
 * as JSON and erased on request, and a daily job deletes enquiries older than the retention period. Deleting
 * an enquiry deletes its e-mails and notes with it (foreign keys). The audit trail names enquiries only by
 * their reference, so it keeps no personal data, and the erasure itself is recorded without the address.
 */
const sameAddress = (email: string) => sql`lower(${contactSubmissions.email}) = lower(${email.trim()})`;

export type AddressExport = {
  email: string;
  exportedAt: string;
  enquiries: {
    reference: string;
    receivedAt: string;
    name: string;
    email: string;
    phone: string;
    interest: string;
    message: string;
    listingPath: string | null;
    pipelineStatus: string;
    /** What the browser sent with the form (user agent, time). */
    metadata: Record<string, unknown>;
    notes: { author: string; body: string; createdAt: string }[];
    emails: { kind: string; to: string | null; createdAt: string; sentAt: string | null; failedAt: string | null; text?: string }[];
  }[];
  /** E-mails to this address not tied to an enquiry. */
  otherEmails: { kind: string; createdAt: string; sentAt: string | null }[];
};

export async function exportAddressData(db: Database, email: string, now = new Date()): Promise<AddressExport> {
  const enquiries = await db.select().from(contactSubmissions).where(sameAddress(email)).orderBy(asc(contactSubmissions.createdAt));
  const ids = enquiries.map((row) => row.submissionId);
  const [notes, messages, otherEmails] = await Promise.all([
    ids.length ? db.select().from(enquiryNotes).where(inArray(enquiryNotes.submissionId, ids)).orderBy(asc(enquiryNotes.createdAt)) : [],
    ids.length ? db.select().from(emailOutbox).where(inArray(emailOutbox.submissionId, ids)).orderBy(asc(emailOutbox.createdAt)) : [],
    db
      .select()
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.submissionId), sql`lower(${emailOutbox.recipient}) = lower(${email.trim()})`)),
  ]);
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  return {
    email: email.trim(),
    exportedAt: now.toISOString(),
    enquiries: enquiries.map((row) => ({
      reference: enquiryReference(row.submissionId),
      receivedAt: row.createdAt.toISOString(),
      name: [row.firstName, row.lastName].filter(Boolean).join(" "),
      email: row.email,
      phone: row.phone,
      interest: row.interest,
      message: row.message,
      listingPath: row.listingPath,
      pipelineStatus: row.pipelineStatus,
      metadata: row.metadata,
      notes: notes
        .filter((note) => note.submissionId === row.submissionId)
        .map((note) => ({ author: note.authorLabel, body: note.body, createdAt: note.createdAt.toISOString() })),
      emails: messages
        .filter((message) => message.submissionId === row.submissionId)
        .map((message) => {
          const body = (message.payload as { body?: unknown }).body;
          return {
            kind: message.kind,
            to: message.recipient,
            createdAt: message.createdAt.toISOString(),
            sentAt: iso(message.sentAt),
            failedAt: iso(message.failedAt),
            ...(typeof body === "string" ? { text: body } : {}),
          };
        }),
    })),
    otherEmails: otherEmails.map((message) => ({ kind: message.kind, createdAt: message.createdAt.toISOString(), sentAt: iso(message.sentAt) })),
  };
}

/**
 * Erases everything held about an address: its enquiries with their e-mails and notes, and any other e-mail
 * queued for it. The audit row says how many enquiries were erased and their references, never the address.
 */
export async function eraseAddressData(db: Database, actor: AuditActor, email: string): Promise<{ enquiries: number }> {
  return db.transaction(async (tx) => {
    const erased = await tx
      .delete(contactSubmissions)
      .where(sameAddress(email))
      .returning({ id: contactSubmissions.id, submissionId: contactSubmissions.submissionId });
    await tx.delete(emailOutbox).where(and(isNull(emailOutbox.submissionId), sql`lower(${emailOutbox.recipient}) = lower(${email.trim()})`));
    const references = erased.map((row) => enquiryReference(row.submissionId));
    await recordAudit(tx, {
      actor,
      kind: "enquiry",
      action: "erased on request",
      subjectLabel: `${countOf(erased.length, "enquiry", "enquiries")}${references.length ? `: ${references.join(", ")}` : ""}`,
    });
    if (erased.length > 0) await announceChange(tx, "enquiries", "erased");
    return { enquiries: erased.length };
  });
}

/**
 * The retention job's work: deletes enquiries received before now minus `months`, with one audit row. Given a
 * transaction, it runs inside it (the job claims its daily run in the same one).
 */
export async function deleteExpiredEnquiries(db: DbOrTx, months: number, now = new Date()): Promise<number> {
  const cutoff = retentionCutoff(months, now);
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(contactSubmissions).where(lt(contactSubmissions.createdAt, cutoff)).returning({ id: contactSubmissions.id });
    if (deleted.length > 0) {
      await recordAudit(tx, {
        actor: "system",
        kind: "enquiry",
        action: "deleted by retention",
        subjectLabel: `${countOf(deleted.length, "enquiry", "enquiries")} received before ${cutoff.toISOString().slice(0, 10)} (kept ${months} months)`,
      });
      await announceChange(tx, "enquiries", "retention");
    }
    return deleted.length;
  });
}
