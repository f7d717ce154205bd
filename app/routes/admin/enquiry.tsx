import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/enquiry";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AssigneeForm, NoteForm, ReplyForm, StatusForm, type EnquiryActionResult } from "#app/components/admin/enquiry-forms";
import { EnquiryList } from "#app/components/admin/enquiry-list";
import { EnquiryMessages } from "#app/components/admin/enquiry-messages";
import { EnquiryDeliveryBadge, formatAdminDate, PipelineBadge } from "#app/components/admin/enquiry-status";
import { servicesContext } from "#app/db/context";
import { summariseDelivery } from "#app/domain/enquiry-delivery";
import { contactPreference, intentLabel } from "#app/domain/enquiry-intents";
import { enquirySourceLabel } from "#app/domain/shortlist";
import { fullName } from "#app/domain/enquiry-views";
import { listAssignableStaff, loadEnquiry } from "#app/models/enquiries-admin.server";
import { handleEnquiryAction } from "#app/services/enquiry-admin-action.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, "enquiries");
  const services = context.get(servicesContext);
  const { enquiryMailbox } = await services.settings.current();
  const [detail, staff] = await Promise.all([loadEnquiry(services.db, params.id, enquiryMailbox), listAssignableStaff(services.db)]);
  if (!detail) throw data({ message: "Enquiry not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return { ...detail, staff, canSend: services.outbox.canSend };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "enquiries");
  return handleEnquiryAction(context.get(servicesContext), user, params.id, await request.formData());
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-linen py-3.5 sm:grid-cols-[9rem_1fr]">
      <dt className="text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="mt-10">
      <h2 className="font-display text-xl text-forest-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function Enquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, messages, notes, related, staff, canSend } = loaderData;
  const answer = actionData as EnquiryActionResult | undefined;
  const name = fullName(enquiry) || enquiry.displayEmail;
  const nextStep = intentLabel(enquiry.intent);
  const preference = contactPreference(enquiry.contactMethod, enquiry.contactTime);
  const ownMessages = messages.filter((message) => message.kind !== "enquiry-reply");
  return (
    <div>
      <title>{`Enquiry from ${name} | Admin`}</title>
      <Link to="/edit/enquiries" className="mb-6 inline-flex items-center gap-2 text-sm text-forest-900 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> All enquiries
      </Link>
      {/* The heading holds the visitor's name, which can be one unbroken word: it breaks rather than widen the page. */}
      <div className="wrap-anywhere">
        <AdminPageHeader
          eyebrow={`${enquiry.reference} · ${enquiry.interest}`}
          title={`Enquiry from ${name}`}
          actions={
            <div className="flex flex-wrap gap-2">
              <PipelineBadge status={enquiry.pipelineStatus} />
              {ownMessages.length ? <EnquiryDeliveryBadge state={summariseDelivery(ownMessages.map((message) => message.state))} /> : null}
            </div>
          }
        />
      </div>
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <dl>
            <Row label="E-mail">
              {/* Staff read the domain in Unicode; the link, like replies, uses the stored ASCII form, which every mail client takes. */}
              <a href={`mailto:${enquiry.email}`} className="text-forest-900 underline underline-offset-4">
                {enquiry.displayEmail}
              </a>
              {/* Where mail actually goes, when the domain reads differently on screen: to check, or to copy into a tool that wants ASCII. */}
              {enquiry.displayEmail === enquiry.email ? null : <span className="mt-1 block text-xs text-stone">Mail goes to {enquiry.email}</span>}
            </Row>
            <Row label="Phone">{enquiry.phone}</Row>
            {nextStep ? <Row label="Next step">{nextStep}</Row> : null}
            {preference ? <Row label="Preferred contact">{preference}</Row> : null}
            <Row label="Received">{formatAdminDate(enquiry.createdAt)}</Row>
            <Row label="Source">
              {enquiry.listingPath ? (
                <Link to={enquiry.listingPath} className="text-forest-900 underline underline-offset-4">
                  {enquirySourceLabel(enquiry.listingPath, enquiry.listingTitle)}
                </Link>
              ) : (
                "Contact page"
              )}
            </Row>
            <Row label="Message">
              <p className="leading-relaxed whitespace-pre-line">{enquiry.message}</p>
            </Row>
          </dl>
          <Section title="E-mails">
            <EnquiryMessages messages={messages} canSend={canSend} />
            <div className="mt-6 border border-linen bg-white/70 p-4 sm:p-6">
              <ReplyForm answer={answer} email={enquiry.displayEmail} />
            </div>
          </Section>
          <Section title="Notes">
            {notes.length ? (
              <ol className="mb-6 space-y-3">
                {notes.map((note) => (
                  <li key={note.id} className="border-l-2 border-gold-500/60 bg-white/70 px-4 py-3">
                    <p className="text-xs text-stone">
                      {note.authorLabel} · {formatAdminDate(note.createdAt)}
                    </p>
                    <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-ink">{note.body}</p>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mb-6 text-sm text-stone">No notes yet.</p>
            )}
            <NoteForm answer={answer} />
          </Section>
        </div>
        <aside className="space-y-8 wrap-anywhere" aria-label="Work this lead">
          <div className="space-y-5 border border-linen bg-white/70 p-5">
            <StatusForm status={enquiry.pipelineStatus} answer={answer} />
            <AssigneeForm assigneeId={enquiry.assigneeId} staff={staff} answer={answer} />
          </div>
          <section aria-labelledby="related-heading">
            <h2 id="related-heading" className="font-display text-lg text-forest-900">
              Other enquiries from {enquiry.displayEmail}
            </h2>
            <div className="mt-3">
              {related.length ? <EnquiryList items={related} /> : <p className="text-sm text-stone">None: this is the first.</p>}
            </div>
          </section>
        </aside>
      </div>
    </div>
  );
}
