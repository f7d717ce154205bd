import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Download } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/enquiry-privacy";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { EnquiryList } from "#app/components/admin/enquiry-list";
import { PrivacyEraseForm } from "#app/components/admin/privacy-erase-form";
import { PrivacyFindForm } from "#app/components/admin/privacy-find-form";
import { servicesContext } from "#app/db/context";
import type { EnquirySummary } from "#app/domain/enquiry-views";
import { countOf } from "#app/domain/plural";
import { eraseAddressSchema, findAddressSchema } from "#app/domain/privacy-forms";
import type { Database } from "#app/db/client.server";
import { listEnquiries } from "#app/models/enquiries-admin.server";
import { eraseAddressData } from "#app/models/enquiry-privacy.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";
import { displayEmailAddress } from "#app/services/email-display.server";

/** What the page shows after a post: the address looked up and what is held about it, and each form's result. */
type PrivacyAnswer = {
  email: string | null;
  /** The address as staff read it (its domain in Unicode, services/email-display.server.ts). */
  shownEmail?: string;
  found: EnquirySummary[] | null;
  find?: SubmissionResult<string[]>;
  erase?: SubmissionResult<string[]>;
  erased?: number;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "enquiries");
  const { retentionMonths } = await context.get(servicesContext).settings.current();
  return { retentionMonths };
}

const shown = (email: string | null) => (email ? displayEmailAddress(email) : undefined);

/** The enquiries from exactly this address (the inbox's search finds it among others). */
async function heldAbout(db: Database, email: string): Promise<EnquirySummary[]> {
  const { items } = await listEnquiries(db, { q: email, page: 1 });
  return items.filter((item) => item.email.toLowerCase() === email.toLowerCase());
}

/** Finding and erasing are posts: the address is in the body, never in the URL, so request logs never hold it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "enquiries");
  const services = context.get(servicesContext);
  const formData = await request.formData();
  if (formData.get("intent") === "erase") {
    const submission = parseWithZod(formData, { schema: eraseAddressSchema });
    if (submission.status !== "success") {
      const email = findAddressSchema.safeParse({ email: formData.get("email") }).data?.email ?? null;
      const found = email ? await heldAbout(services.db, email) : null;
      return data<PrivacyAnswer>({ email, shownEmail: shown(email), found, erase: submission.reply() }, { status: 400 });
    }
    const { email } = submission.value;
    const { enquiries } = await eraseAddressData(services.db, user, email);
    services.changes.emitLocal("enquiries", "erased");
    return data<PrivacyAnswer>({
      email,
      shownEmail: shown(email),
      found: await heldAbout(services.db, email),
      erase: submission.reply({ resetForm: true }),
      erased: enquiries,
    });
  }
  const submission = parseWithZod(formData, { schema: findAddressSchema });
  if (submission.status !== "success") return data<PrivacyAnswer>({ email: null, found: null, find: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  return data<PrivacyAnswer>({ email, shownEmail: shown(email), found: await heldAbout(services.db, email), find: submission.reply() });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function EnquiryPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const { retentionMonths } = loaderData;
  const email = actionData?.email ?? "";
  const found = actionData?.found ?? null;
  return (
    <div className="max-w-4xl">
      <title>Personal data requests | Admin</title>
      <Link to="/edit/enquiries" className="mb-6 inline-flex items-center gap-2 text-sm text-forest-900 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> All enquiries
      </Link>
      <AdminPageHeader
        eyebrow="Privacy"
        title="Personal data requests"
        intro={`Find what is held about a visitor's e-mail address, export it as JSON, or erase it on request. Enquiries and their e-mails are deleted automatically after ${retentionMonths} months (Settings).`}
      />
      {actionData?.erased != null ? (
        <p role="status" className="mt-8 border border-forest-600/40 bg-forest-900/5 px-4 py-3 text-sm text-forest-900">
          Erased {countOf(actionData.erased, "enquiry", "enquiries")} with their e-mails and notes. The audit trail records the erasure without the
          address.
        </p>
      ) : null}
      <PrivacyFindForm result={actionData?.find} email={email} />
      {found && email ? (
        <section aria-label="What is held" className="mt-10 space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 className="font-display text-2xl text-forest-900">
              {countOf(found.length, "enquiry", "enquiries")} from {actionData?.shownEmail ?? email}
            </h2>
            {/* A plain form, with or without JavaScript: the browser itself saves the JSON the post answers. */}
            <form method="post" action="/edit/enquiries/privacy/export">
              <input type="hidden" name="email" value={email} />
              <button
                type="submit"
                className="inline-flex h-11 items-center gap-2 border border-forest-900/30 px-4 text-[0.72rem] font-medium tracking-[0.16em] text-forest-900 uppercase hover:bg-forest-900 hover:text-ivory"
              >
                <Download aria-hidden className="h-4 w-4" /> Export as JSON
              </button>
            </form>
          </div>
          {found.length ? <EnquiryList items={found} /> : <p className="text-sm text-stone">Nothing is held about this address.</p>}
          <PrivacyEraseForm key={email} email={email} result={actionData?.erase} />
        </section>
      ) : null}
    </div>
  );
}
