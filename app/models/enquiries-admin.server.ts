import { and, asc, count, desc, eq, gte, inArray, isNull, like, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { announceChange } from "#app/db/change-bus.server";
import type { Database, DbOrTx } from "#app/db/client.server";
import { authUser, contactSubmissions, emailOutbox, enquiryNotes, listings, type ContactSubmissionRow } from "#app/db/schema";
import { deliveryState, summariseDelivery, type DeliveryState } from "#app/domain/enquiry-delivery";
import { asciiDomainSearch, type EnquiryFilters } from "#app/domain/enquiry-filters";
import { PIPELINE_STATUS_LABELS, type PipelineStatus } from "#app/domain/enquiry-pipeline-status";
import { enquiryReference, referencePrefix } from "#app/domain/enquiry-reference";
import type { EnquiryMessage, EnquiryNote, EnquirySummary, StaffOption } from "#app/domain/enquiry-views";
import { sharePath } from "#app/domain/shortlist";
import { canAccess } from "#app/domain/staff-roles";
import { displayEmailAddress } from "#app/services/email-display.server";
import { ENQUIRY_MAIL_KINDS } from "#app/services/mail/mail-kinds.server";
import { recordAudit, type AuditActor } from "./audit.server";
import { listingOfEnquiry } from "./outbox.server";

export const ENQUIRY_PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Enquiries staff have not opened yet: the number on the notification bell. */
export async function countUnopenedEnquiries(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contactSubmissions).where(isNull(contactSubmissions.openedAt));
  return row?.value ?? 0;
}

const enquiryKinds = sql.join(
  ENQUIRY_MAIL_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);

/** The states of an enquiry's own e-mails, as one text per message ("sent", "failed"…), computed in SQL. */
const deliveryStates = sql<DeliveryState[]>`coalesce((
  select array_agg(case
    when o.sent_at is not null and o.last_error is not null then 'skipped'
    when o.sent_at is not null then 'sent'
    when o.failed_at is not null then 'failed'
    when o.attempts > 0 then 'waiting'
    else 'queued' end)
  from ${emailOutbox} o where o.submission_id = ${contactSubmissions.submissionId} and o.kind in (${enquiryKinds})), '{}')`;

function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The WHERE clause of a filter; shared by the list, its count and the CSV export. */
export function filterCondition(filters: Omit<EnquiryFilters, "page">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status) conditions.push(eq(contactSubmissions.pipelineStatus, filters.status));
  if (filters.interest) conditions.push(eq(contactSubmissions.interest, filters.interest));
  if (filters.category === "contact") conditions.push(isNull(contactSubmissions.listingPath));
  // A shortlist enquiry keeps the list's share link (/shortlist?list=…) as its path.
  else if (filters.category === "shortlist") conditions.push(like(contactSubmissions.listingPath, `${sharePath([])}%`));
  else if (filters.category) conditions.push(sql`split_part(${contactSubmissions.listingPath}, '/', 2) = ${filters.category}`);
  if (filters.assignee === "unassigned") conditions.push(isNull(contactSubmissions.assigneeId));
  else if (filters.assignee) conditions.push(eq(contactSubmissions.assigneeId, filters.assignee));
  if (filters.from) conditions.push(gte(contactSubmissions.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(contactSubmissions.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)));
  if (filters.q) {
    const pattern = likePattern(filters.q);
    const prefix = referencePrefix(filters.q);
    const asciiDomain = asciiDomainSearch(filters.q);
    conditions.push(
      or(
        sql`(${contactSubmissions.firstName} || ' ' || ${contactSubmissions.lastName}) ilike ${pattern}`,
        sql`${contactSubmissions.email} ilike ${pattern}`,
        // Addresses are stored with their domain in ASCII form: bücher.de typed in the box is looked for as xn--bcher-kva.de too.
        ...(asciiDomain ? [sql`${contactSubmissions.email} ilike ${likePattern(asciiDomain)}`] : []),
        sql`${contactSubmissions.phone} ilike ${pattern}`,
        sql`${contactSubmissions.message} ilike ${pattern}`,
        ...(prefix ? [sql`replace(${contactSubmissions.submissionId}, '-', '') like ${`${prefix}%`}`] : []),
      ),
    );
  }
  return and(...conditions.filter(Boolean));
}

const summaryColumns = {
  id: contactSubmissions.id,
  submissionId: contactSubmissions.submissionId,
  firstName: contactSubmissions.firstName,
  lastName: contactSubmissions.lastName,
  email: contactSubmissions.email,
  phone: contactSubmissions.phone,
  interest: contactSubmissions.interest,
  pipelineStatus: contactSubmissions.pipelineStatus,
  openedAt: contactSubmissions.openedAt,
  createdAt: contactSubmissions.createdAt,
  listingPath: contactSubmissions.listingPath,
  intent: contactSubmissions.intent,
  contactMethod: contactSubmissions.contactMethod,
  contactTime: contactSubmissions.contactTime,
  listingTitle: listings.title,
  assigneeId: contactSubmissions.assigneeId,
  assigneeName: authUser.name,
  deliveryStates,
  // Uses the lower(email) index: one small lookup per row of a page.
  otherFromAddress: sql<number>`(select count(*)::int from ${contactSubmissions} c2 where lower(c2.email) = lower(${contactSubmissions.email})) - 1`,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: K extends "deliveryStates"
    ? DeliveryState[]
    : K extends "listingTitle" | "assigneeName"
      ? string | null
      : unknown;
};

export type { EnquirySummary };

function toSummary(row: SummaryRow & { excerpt?: string }): EnquirySummary {
  const typed = row as unknown as Omit<EnquirySummary, "reference" | "delivery" | "displayEmail"> & { deliveryStates: DeliveryState[] };
  const { deliveryStates: states, ...rest } = typed;
  return {
    ...rest,
    displayEmail: displayEmailAddress(typed.email),
    excerpt: row.excerpt ?? "",
    reference: enquiryReference(typed.submissionId),
    delivery: summariseDelivery(states),
  };
}

function summaries(db: DbOrTx) {
  return db
    .select({ ...summaryColumns, excerpt: sql<string>`left(${contactSubmissions.message}, 160)` })
    .from(contactSubmissions)
    .leftJoin(listings, listingOfEnquiry)
    .leftJoin(authUser, eq(authUser.id, contactSubmissions.assigneeId));
}

/** One page of the inbox, newest first, with the total for the filter. */
export async function listEnquiries(db: Database, filters: EnquiryFilters): Promise<{ items: EnquirySummary[]; total: number; pages: number }> {
  const where = filterCondition(filters);
  const [total] = await db.select({ value: count() }).from(contactSubmissions).where(where);
  const pages = Math.max(1, Math.ceil((total?.value ?? 0) / ENQUIRY_PAGE_SIZE));
  // A page past the end shows the last one rather than an empty list under a non-zero total.
  const page = Math.min(filters.page, pages);
  const rows = await summaries(db)
    .where(where)
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(ENQUIRY_PAGE_SIZE)
    .offset((page - 1) * ENQUIRY_PAGE_SIZE);
  return { items: rows.map(toSummary), total: total?.value ?? 0, pages };
}

/**
 * Every enquiry of a filter, a page at a time in keyset order (created_at, id descending), so an export of
 * any size holds one page in memory.
 */
export async function* enquiriesForExport(db: Database, filters: Omit<EnquiryFilters, "page">, batchSize = 500): AsyncGenerator<EnquirySummary[]> {
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const keyset = after
      ? or(
          lt(contactSubmissions.createdAt, after.createdAt),
          and(eq(contactSubmissions.createdAt, after.createdAt), lt(contactSubmissions.id, after.id)),
        )
      : undefined;
    const rows = await summaries(db)
      .where(and(filterCondition(filters), keyset))
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    const page = rows.map((row) => ({ ...toSummary(row), message: "" }));
    const messages = await db
      .select({ id: contactSubmissions.id, message: contactSubmissions.message })
      .from(contactSubmissions)
      .where(
        inArray(
          contactSubmissions.id,
          page.map((row) => row.id),
        ),
      );
    const byId = new Map(messages.map((row) => [row.id, row.message]));
    yield page.map((row) => ({ ...row, excerpt: byId.get(row.id) ?? "" }));
    const last = rows.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < batchSize) return;
  }
}

export type EnquiryDetail = {
  /** `email` as stored (ASCII domain) for mailto: and replies, `displayEmail` for the screen (EnquirySummary). */
  enquiry: ContactSubmissionRow & { reference: string; displayEmail: string; listingTitle: string | null; assigneeName: string | null };
  messages: EnquiryMessage[];
  notes: EnquiryNote[];
  /** Other enquiries from the same e-mail address, newest first. */
  related: EnquirySummary[];
};

/** One enquiry with its e-mails, notes and the other enquiries from the same address; null for an unknown id. */
export async function loadEnquiry(db: Database, id: string, mailbox: string): Promise<EnquiryDetail | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ enquiry: contactSubmissions, listingTitle: listings.title, assigneeName: authUser.name })
    .from(contactSubmissions)
    .leftJoin(listings, listingOfEnquiry)
    .leftJoin(authUser, eq(authUser.id, contactSubmissions.assigneeId))
    .where(eq(contactSubmissions.id, id));
  if (!row) return null;
  const { submissionId, email } = row.enquiry;
  const [outbox, notes, related] = await Promise.all([
    db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, submissionId)).orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id)),
    db
      .select({ id: enquiryNotes.id, authorLabel: enquiryNotes.authorLabel, body: enquiryNotes.body, createdAt: enquiryNotes.createdAt })
      .from(enquiryNotes)
      .where(eq(enquiryNotes.submissionId, submissionId))
      .orderBy(asc(enquiryNotes.createdAt)),
    summaries(db)
      .where(and(sql`lower(${contactSubmissions.email}) = lower(${email})`, ne(contactSubmissions.id, id)))
      .orderBy(desc(contactSubmissions.createdAt))
      .limit(20),
  ]);
  return {
    enquiry: {
      ...row.enquiry,
      reference: enquiryReference(submissionId),
      displayEmail: displayEmailAddress(email),
      listingTitle: row.listingTitle,
      assigneeName: row.assigneeName,
    },
    messages: outbox.map((message) => {
      const payload = message.payload as { body?: unknown; authorName?: unknown };
      const recipient = message.recipient ?? (message.kind === "staff-notification" ? mailbox : email);
      return {
        id: message.id,
        kind: message.kind,
        recipient,
        displayRecipient: displayEmailAddress(recipient),
        state: deliveryState(message),
        attempts: message.attempts,
        lastError: message.lastError,
        nextAttemptAt: message.nextAttemptAt,
        sentAt: message.sentAt,
        failedAt: message.failedAt,
        createdAt: message.createdAt,
        ...(typeof payload.body === "string" ? { body: payload.body } : {}),
        ...(typeof payload.authorName === "string" ? { authorName: payload.authorName } : {}),
      };
    }),
    notes,
    related: related.map(toSummary),
  };
}

/** Stamps opened_at the first time; later calls keep the first reader's time. Tells the live bell. */
export async function markEnquiryOpened(db: Database, id: string, now = new Date()): Promise<void> {
  if (!UUID.test(id)) return;
  await db.transaction(async (tx) => {
    const opened = await tx
      .update(contactSubmissions)
      .set({ openedAt: now })
      .where(and(eq(contactSubmissions.id, id), isNull(contactSubmissions.openedAt)))
      .returning({ submissionId: contactSubmissions.submissionId });
    if (opened.length > 0) await announceChange(tx, "enquiries", `opened:${opened[0]!.submissionId}`);
  });
}

/** The enquiry id when the URL is an enquiry's page (or the client router's data request for it). */
export function enquiryIdFromPath(pathname: string): string | null {
  const match = /^\/edit\/enquiries\/([^/]+?)(?:\.data)?$/.exec(pathname);
  return match?.[1] && UUID.test(match[1]) ? match[1] : null;
}

/** Staff who may be given an enquiry: active Owners and Sales. */
export async function listAssignableStaff(db: Database): Promise<StaffOption[]> {
  const rows = await db
    .select({ id: authUser.id, name: authUser.name, email: authUser.email, role: authUser.role, banned: authUser.banned })
    .from(authUser)
    .orderBy(asc(authUser.name));
  return rows.filter((row) => !row.banned && canAccess(row.role, "enquiries")).map(({ id, name, email }) => ({ id, name, email }));
}

export class EnquiryNotFoundError extends Error {
  constructor() {
    super("This enquiry no longer exists.");
  }
}

async function lockEnquiry(tx: DbOrTx, id: string) {
  if (!UUID.test(id)) throw new EnquiryNotFoundError();
  const [row] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).for("update");
  if (!row) throw new EnquiryNotFoundError();
  return row;
}

/** Moves a lead in the pipeline, with its audit row and a change notice, in one transaction. */
export async function setPipelineStatus(db: Database, actor: AuditActor, id: string, status: PipelineStatus): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockEnquiry(tx, id);
    if (row.pipelineStatus === status) return false;
    await tx.update(contactSubmissions).set({ pipelineStatus: status, updatedAt: new Date() }).where(eq(contactSubmissions.id, id));
    await recordAudit(tx, {
      actor,
      kind: "enquiry",
      action: "status changed",
      subjectId: id,
      subjectLabel: enquiryReference(row.submissionId),
      changes: { status: { before: PIPELINE_STATUS_LABELS[row.pipelineStatus], after: PIPELINE_STATUS_LABELS[status] } },
    });
    await announceChange(tx, "enquiries", `status:${row.submissionId}`);
    return true;
  });
}

export class AssigneeError extends Error {}

/** Gives the lead to a member of staff who works enquiries (or to nobody). */
export async function assignEnquiry(db: Database, actor: AuditActor, id: string, assigneeId: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockEnquiry(tx, id);
    if (row.assigneeId === assigneeId) return false;
    const names = new Map(
      (
        await tx
          .select({ id: authUser.id, name: authUser.name, role: authUser.role, banned: authUser.banned })
          .from(authUser)
          .where(
            inArray(
              authUser.id,
              [row.assigneeId, assigneeId].filter((value): value is string => Boolean(value)),
            ),
          )
      ).map((user) => [user.id, user]),
    );
    if (assigneeId) {
      const assignee = names.get(assigneeId);
      if (!assignee || assignee.banned || !canAccess(assignee.role, "enquiries"))
        throw new AssigneeError("Choose a member of staff who works enquiries.");
    }
    await tx.update(contactSubmissions).set({ assigneeId, updatedAt: new Date() }).where(eq(contactSubmissions.id, id));
    const label = (userId: string | null) => (userId ? (names.get(userId)?.name ?? "A former member of staff") : "Nobody");
    await recordAudit(tx, {
      actor,
      kind: "enquiry",
      action: "assigned",
      subjectId: id,
      subjectLabel: enquiryReference(row.submissionId),
      changes: { assignee: { before: label(row.assigneeId), after: label(assigneeId) } },
    });
    await announceChange(tx, "enquiries", `assigned:${row.submissionId}`);
    return true;
  });
}

function actorName(actor: AuditActor) {
  return actor === "system" ? "System" : actor.name || actor.email;
}

/** Adds an internal note; the audit row says a note was added, without its text. */
export async function addEnquiryNote(db: Database, actor: AuditActor, id: string, body: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockEnquiry(tx, id);
    await tx.insert(enquiryNotes).values({
      submissionId: row.submissionId,
      authorId: actor === "system" ? null : actor.id,
      authorLabel: actorName(actor),
      body,
    });
    await recordAudit(tx, { actor, kind: "enquiry", action: "note added", subjectId: id, subjectLabel: enquiryReference(row.submissionId) });
    await announceChange(tx, "enquiries", `note:${row.submissionId}`);
  });
}

/** The Message-ID of an outbox row, as its composer sets it. */
function threadMessageId(host: string, message: { id: string; kind: string; submissionId: string | null }) {
  const key = message.kind === "enquiry-reply" ? message.id : message.submissionId;
  return `<${key}.${message.kind}@${host}>`;
}

/**
 * Queues a reply to the visitor (the enquiry's own address, never another) in the conversation the
 * acknowledgement began: In-Reply-To the last message the visitor received from us, References the whole
 * thread. A first reply moves a New lead to Contacted. Returns the outbox id (wake the outbox after commit).
 */
export async function queueEnquiryReply(db: Database, actor: AuditActor, id: string, body: string, siteUrl: string): Promise<string> {
  const host = new URL(siteUrl).hostname;
  return db.transaction(async (tx) => {
    const row = await lockEnquiry(tx, id);
    const earlier = await tx
      .select({ id: emailOutbox.id, kind: emailOutbox.kind, submissionId: emailOutbox.submissionId })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.submissionId, row.submissionId), inArray(emailOutbox.kind, ["visitor-acknowledgement", "enquiry-reply"])))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
    const references = earlier.map((message) => threadMessageId(host, message));
    if (references.length === 0) references.push(threadMessageId(host, { id: "", kind: "visitor-acknowledgement", submissionId: row.submissionId }));
    const [queued] = await tx
      .insert(emailOutbox)
      .values({
        kind: "enquiry-reply",
        submissionId: row.submissionId,
        recipient: row.email,
        payload: { body, authorName: actorName(actor), inReplyTo: references.at(-1)!, references },
      })
      .returning({ id: emailOutbox.id });
    await recordAudit(tx, { actor, kind: "enquiry", action: "reply sent", subjectId: id, subjectLabel: enquiryReference(row.submissionId) });
    if (row.pipelineStatus === "new") {
      await tx.update(contactSubmissions).set({ pipelineStatus: "contacted", updatedAt: new Date() }).where(eq(contactSubmissions.id, id));
      await recordAudit(tx, {
        actor,
        kind: "enquiry",
        action: "status changed",
        subjectId: id,
        subjectLabel: enquiryReference(row.submissionId),
        changes: { status: { before: PIPELINE_STATUS_LABELS.new, after: PIPELINE_STATUS_LABELS.contacted } },
      });
    }
    await announceChange(tx, "enquiries", `reply:${row.submissionId}`);
    return queued!.id;
  });
}

/** "Retry now" on an e-mail of this enquiry that failed for good. False when it is not (or no longer) failed. */
export async function retryEnquiryMessage(db: Database, actor: AuditActor, id: string, outboxId: string): Promise<boolean> {
  if (!UUID.test(outboxId)) return false;
  return db.transaction(async (tx) => {
    const row = await lockEnquiry(tx, id);
    const retried = await tx
      .update(emailOutbox)
      .set({ failedAt: null, attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(
        and(
          eq(emailOutbox.id, outboxId),
          eq(emailOutbox.submissionId, row.submissionId),
          isNull(emailOutbox.sentAt),
          sql`${emailOutbox.failedAt} is not null`,
        ),
      )
      .returning({ kind: emailOutbox.kind });
    if (retried.length === 0) return false;
    await recordAudit(tx, {
      actor,
      kind: "enquiry",
      action: "e-mail retried",
      subjectId: id,
      subjectLabel: enquiryReference(row.submissionId),
      changes: { email: { before: "Failed to send", after: "Queued" } },
    });
    await announceChange(tx, "enquiries", `delivery:${row.submissionId}`);
    return true;
  });
}
