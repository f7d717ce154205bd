import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { auditEvents, authUser, contactSubmissions, emailOutbox, enquiryNotes } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { parseEnquiryFilters } from "#app/domain/enquiry-filters";
import { enquiryReference } from "#app/domain/enquiry-reference";
import { parseEnv } from "#app/env.server";
import { enquiryCsvRows } from "#app/services/enquiry-csv.server";
import { claimDailyRun, runRetentionIfDue } from "#app/services/retention-job.server";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { startSmtpStub, type SmtpStub } from "../../tests/stubs/smtp-stub";
import {
  addEnquiryNote,
  AssigneeError,
  assignEnquiry,
  enquiriesForExport,
  listEnquiries,
  loadEnquiry,
  queueEnquiryReply,
  setPipelineStatus,
} from "./enquiries-admin.server";
import { deleteExpiredEnquiries, eraseAddressData, exportAddressData } from "./enquiry-privacy.server";
import { settingsDefaults } from "./site-settings.server";
import { storeSubmission } from "./submissions.server";
import { sendOutboxOnce } from "../../tests/fixtures/outbox";

const SITE = "https://whitestreams.example";
const env = parseEnv({ SITE_URL: SITE, ENQUIRY_MAILBOX: "desk@whitestreams.example" });
const OWNER = { id: "owner-1", name: "Olivia Owner", email: "olivia@example.test" };

type Seed = { name: string; email: string; message: string; interest?: string; listingPath?: string | null; phone?: string; daysAgo?: number };

for (const kind of TEST_DATABASE_KINDS) {
  describe(`enquiry inbox on ${kind}`, () => {
    let handle: DatabaseHandle;
    let smtp: SmtpStub;
    const ids = new Map<string, { id: string; submissionId: string }>();

    async function seed(key: string, values: Seed) {
      const submissionId = crypto.randomUUID();
      const [firstName = "", ...rest] = values.name.split(" ");
      await storeSubmission(handle.db, {
        submissionId,
        firstName,
        lastName: rest.join(" "),
        email: values.email,
        phone: values.phone ?? "Not provided",
        interest: values.interest ?? "General",
        message: values.message,
        listingPath: values.listingPath ?? null,
        metadata: { userAgent: "Vitest", timestamp: new Date().toISOString() },
      });
      const created = new Date(Date.now() - (values.daysAgo ?? 0) * 86_400_000);
      const [row] = await handle.db
        .update(contactSubmissions)
        .set({ createdAt: created })
        .where(eq(contactSubmissions.submissionId, submissionId))
        .returning({ id: contactSubmissions.id });
      ids.set(key, { id: row!.id, submissionId });
      return ids.get(key)!;
    }

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seedCatalogue(handle.db);
      smtp = await startSmtpStub();
      await handle.db.insert(authUser).values([
        { id: "owner-1", name: "Olivia Owner", email: "olivia@example.test", role: "owner" },
        { id: "sales-1", name: "Sami Sales", email: "sami@example.test", role: "sales" },
        { id: "editor-1", name: "Eddie Editor", email: "eddie@example.test", role: "editor" },
      ]);
      await seed("villa", {
        name: "Amelia Hart",
        email: "amelia@example.test",
        message: "Viewing of the villa next week?",
        interest: "Real Estate",
        listingPath: "/real-estate/nad-al-sheba-villa",
        phone: "+44 20 7946 0958",
        daysAgo: 1,
      });
      await seed("villa-again", { name: "Amelia Hart", email: "AMELIA@example.test", message: "And the floor plans, please.", daysAgo: 0 });
      await seed("jet", {
        name: "Rohan Mehta",
        email: "rohan@example.test",
        message: '=HYPERLINK("http://evil.example")',
        interest: "Jets",
        daysAgo: 10,
      });
      await seed("old", { name: "Lena Vogel", email: "lena@example.test", message: "@SUM(1+1)", interest: "Cars", daysAgo: 800 });
    });
    afterAll(async () => {
      await smtp.stop();
      await handle.close();
    });

    const list = async (query: string) =>
      (await listEnquiries(handle.db, parseEnquiryFilters(new URLSearchParams(query)))).items.map((item) => item.email);

    it("filters by interest, source category, date range and search (name, e-mail, phone, message, reference)", async () => {
      expect(await list("")).toEqual(["AMELIA@example.test", "amelia@example.test", "rohan@example.test", "lena@example.test"]);
      expect(await list("interest=Jets")).toEqual(["rohan@example.test"]);
      expect(await list("category=real-estate")).toEqual(["amelia@example.test"]);
      expect(await list("category=contact")).toHaveLength(3);
      const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      expect(await list(`from=${day(11)}&to=${day(2)}`)).toEqual(["rohan@example.test"]);
      expect(await list("q=hart")).toHaveLength(2);
      expect(await list("q=7946")).toEqual(["amelia@example.test"]);
      expect(await list("q=floor plans")).toEqual(["AMELIA@example.test"]);
      expect(await list(`q=${enquiryReference(ids.get("jet")!.submissionId).toLowerCase()}`)).toEqual(["rohan@example.test"]);
      // LIKE wildcards typed in the box are plain characters.
      expect(await list("q=%25")).toEqual([]);
    });

    it("shows the source listing's title, the delivery state, and the other enquiries from the same address", async () => {
      const { items } = await listEnquiries(handle.db, parseEnquiryFilters(new URLSearchParams("category=real-estate")));
      expect(items[0]).toMatchObject({
        listingTitle: expect.stringContaining("Nad Al Sheba"),
        delivery: "queued",
        pipelineStatus: "new",
        otherFromAddress: 1,
      });
      const detail = await loadEnquiry(handle.db, ids.get("villa")!.id, "desk@whitestreams.example");
      expect(detail!.related.map((item) => item.excerpt)).toEqual(["And the floor plans, please."]);
      expect(detail!.messages.map((message) => [message.kind, message.recipient, message.state])).toEqual(
        expect.arrayContaining([
          ["staff-notification", "desk@whitestreams.example", "queued"],
          ["visitor-acknowledgement", "amelia@example.test", "queued"],
        ]),
      );
      expect(await loadEnquiry(handle.db, "00000000-0000-4000-8000-000000000000", "x@example.test")).toBeNull();
    });

    it("moves a lead through the pipeline and assigns it, each with an audit row in the same transaction", async () => {
      const { id, submissionId } = ids.get("jet")!;
      expect(await setPipelineStatus(handle.db, OWNER, id, "qualified")).toBe(true);
      expect(await setPipelineStatus(handle.db, OWNER, id, "qualified")).toBe(false);
      expect(await assignEnquiry(handle.db, OWNER, id, "sales-1")).toBe(true);
      await expect(assignEnquiry(handle.db, OWNER, id, "editor-1")).rejects.toThrow(AssigneeError);
      expect(await list("status=qualified")).toEqual(["rohan@example.test"]);
      expect(await list("assignee=sales-1")).toEqual(["rohan@example.test"]);
      expect(await list("assignee=unassigned")).not.toContain("rohan@example.test");
      const audit = await handle.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));
      expect(audit.map((row) => [row.action, row.actorLabel, row.subjectLabel, row.changes])).toEqual([
        ["status changed", "Olivia Owner <olivia@example.test>", enquiryReference(submissionId), { status: { before: "New", after: "Qualified" } }],
        ["assigned", "Olivia Owner <olivia@example.test>", enquiryReference(submissionId), { assignee: { before: "Nobody", after: "Sami Sales" } }],
      ]);
      // The trail names the enquiry by its reference only: no visitor's name or address.
      expect(JSON.stringify(audit)).not.toMatch(/Rohan|rohan@/);
    });

    it("keeps notes with author and time, and sends a reply in the thread with the visitor's message quoted", async () => {
      const { id, submissionId } = ids.get("villa")!;
      await addEnquiryNote(handle.db, OWNER, id, "Called her: viewing on Tuesday.");
      const first = await queueEnquiryReply(handle.db, OWNER, id, "Dear Amelia,\n\nTuesday at 11 suits us.", SITE);
      const second = await queueEnquiryReply(handle.db, OWNER, id, "A car will collect you.", SITE);
      await sendOutboxOnce(handle.db, env, smtp.url);
      const ack = `<${submissionId}.visitor-acknowledgement@whitestreams.example>`;
      const replies = smtp.messages.filter((mail) => mail.headers.subject?.startsWith("Re: "));
      expect(replies).toHaveLength(2);
      const [one, two] = [replies.find((mail) => mail.text.includes("Tuesday at 11"))!, replies.find((mail) => mail.text.includes("A car will"))!];
      expect(one.envelopeTo).toEqual(["amelia@example.test"]);
      expect(one.headers.subject).toBe(`Re: Your enquiry ${enquiryReference(submissionId)} | White Streams`);
      expect(one.headers["message-id"]).toBe(`<${first}.enquiry-reply@whitestreams.example>`);
      expect(one.headers["in-reply-to"]).toBe(ack);
      expect(one.headers.references).toBe(ack);
      expect(two.headers["in-reply-to"]).toBe(`<${first}.enquiry-reply@whitestreams.example>`);
      expect(two.headers.references).toBe(`${ack} <${first}.enquiry-reply@whitestreams.example>`);
      expect(two.headers["message-id"]).toBe(`<${second}.enquiry-reply@whitestreams.example>`);
      expect(one.headers["reply-to"]).toContain("desk@whitestreams.example");
      expect(one.text).toContain("Olivia Owner");
      expect(one.text).toContain("> Viewing of the villa next week?");
      expect(one.html).toContain("Viewing of the villa next week?");
      const detail = (await loadEnquiry(handle.db, id, "desk@whitestreams.example"))!;
      expect(detail.enquiry.pipelineStatus).toBe("contacted");
      expect(detail.notes).toEqual([expect.objectContaining({ authorLabel: "Olivia Owner", body: "Called her: viewing on Tuesday." })]);
      expect(detail.messages.filter((message) => message.kind === "enquiry-reply").map((message) => message.state)).toEqual(["sent", "sent"]);
    });

    it("exports CSV a page at a time with formulas neutralised", async () => {
      const pages = [];
      for await (const page of enquiriesForExport(handle.db, {}, 2)) pages.push(page);
      expect(pages.map((page) => page.length)).toEqual([2, 2]);
      const csv = enquiryCsvRows(pages.flat(), SITE, { header: true });
      const lines = csv.trim().split("\r\n");
      expect(lines[0]).toBe(
        "Reference,Received (UTC),Name,E-mail,Phone,Interest,Source,Listing URL,Next step,Preferred contact,Status,Assignee,E-mail delivery,Message",
      );
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(csv).toContain(",'@SUM(1+1)");
      expect(csv).toContain(`${SITE}/real-estate/nad-al-sheba-villa`);
      // A phone number starting with + is neutralised too, and stays readable.
      expect(csv).toContain(",'+44 20 7946 0958,");
      const odd = enquiryCsvRows([{ ...pages[0]![0]!, excerpt: "-1+2", interest: "\tTab" }], SITE);
      expect(odd).toContain(",'\tTab,");
      expect(odd.endsWith(",'-1+2\r\n")).toBe(true);
      // A formula after a bare line feed stays inside its quoted cell: it cannot start a row of its own.
      const split = enquiryCsvRows([{ ...pages[0]![0]!, excerpt: "Call me\n=cmd|' /C calc'!A0\r@SUM(1+1)" }], SITE);
      expect(split.endsWith(`,"Call me\n=cmd|' /C calc'!A0\r@SUM(1+1)"\r\n`)).toBe(true);
      // The next step and how to reach the visitor, in staff's words.
      const stepped = enquiryCsvRows(
        [{ ...pages[0]![0]!, intent: "sea-trial", contactMethod: "whatsapp", contactTime: "after 6 pm, Dubai time" }],
        SITE,
      );
      expect(stepped).toContain(`,Arrange a sea trial,"WhatsApp, after 6 pm, Dubai time",`);
    });

    it("exports everything held about one address as JSON, then erases it without leaving the address in the audit trail", async () => {
      const exported = await exportAddressData(handle.db, "Amelia@Example.test");
      expect(exported.enquiries.map((enquiry) => enquiry.message)).toEqual(["Viewing of the villa next week?", "And the floor plans, please."]);
      expect(exported.enquiries[0]!.notes).toEqual([expect.objectContaining({ body: "Called her: viewing on Tuesday." })]);
      expect(exported.enquiries[0]!.emails.map((mail) => mail.kind)).toEqual(
        expect.arrayContaining(["staff-notification", "visitor-acknowledgement", "enquiry-reply", "enquiry-reply"]),
      );
      expect(exported.enquiries[0]!.emails.find((mail) => mail.kind === "enquiry-reply")!.text).toContain("Tuesday at 11");

      const villa = ids.get("villa")!;
      expect(await eraseAddressData(handle.db, OWNER, "amelia@EXAMPLE.test")).toEqual({ enquiries: 2 });
      expect(await handle.db.select().from(contactSubmissions).where(eq(contactSubmissions.submissionId, villa.submissionId))).toEqual([]);
      expect(await handle.db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, villa.submissionId))).toEqual([]);
      expect(await handle.db.select().from(enquiryNotes).where(eq(enquiryNotes.submissionId, villa.submissionId))).toEqual([]);
      const trail = await handle.db.select().from(auditEvents);
      expect(trail.find((row) => row.action === "erased on request")).toMatchObject({
        actorId: "owner-1",
        subjectLabel: expect.stringMatching(/^2 enquiries: WS-/),
      });
      expect(JSON.stringify(trail)).not.toMatch(/amelia|Amelia|Hart|villa next week/i);
      expect((await exportAddressData(handle.db, "amelia@example.test")).enquiries).toEqual([]);
    });

    it("deletes enquiries older than the retention period once a day, whichever process gets there first", async () => {
      const now = new Date();
      // Two processes check at the same moment: one claims the run.
      const claims = await Promise.all([claimDailyRun(handle.db, now), claimDailyRun(handle.db, now)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await runRetentionIfDue(handle.db, () => Promise.resolve({ ...settingsDefaults(env), retentionMonths: 24 }), now)).toBeNull();
      // The next day the job runs: Lena's enquiry is 800 days old, beyond 24 months.
      const tomorrow = new Date(now.getTime() + 24 * 3600_000);
      expect(await runRetentionIfDue(handle.db, () => Promise.resolve({ ...settingsDefaults(env), retentionMonths: 24 }), tomorrow)).toBe(1);
      expect(await list("")).toEqual(["rohan@example.test"]);
      expect(await deleteExpiredEnquiries(handle.db, 24, tomorrow)).toBe(0);
      const [trail] = await handle.db.select().from(auditEvents).where(eq(auditEvents.action, "deleted by retention"));
      expect(trail).toMatchObject({ actorId: null, actorLabel: "System", subjectLabel: expect.stringContaining("1 enquiry received before") });
    });
  });
}
