import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/enquiry";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { EnquiryStatusBadge, formatAdminDate } from "#app/components/admin/enquiry-status";
import { servicesContext } from "#app/db/context";
import { openEnquiry } from "#app/models/enquiries-admin.server";
import { requireStaff } from "#app/services/auth.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, "enquiries");
  const enquiry = await openEnquiry(context.get(servicesContext).db, params.id);
  if (!enquiry) throw data("Enquiry not found", { status: 404 });
  return { enquiry };
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-linen py-4 sm:grid-cols-[10rem_1fr]">
      <dt className="text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">{label}</dt>
      <dd className="text-sm text-ink">{children}</dd>
    </div>
  );
}

export default function Enquiry({ loaderData: { enquiry } }: Route.ComponentProps) {
  const name = `${enquiry.firstName} ${enquiry.lastName}`.trim();
  return (
    <div className="max-w-3xl">
      <title>{`Enquiry from ${name} | Admin`}</title>
      <Link to="/edit/enquiries" className="mb-6 inline-flex items-center gap-2 text-sm text-forest-900 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> All enquiries
      </Link>
      <AdminPageHeader eyebrow={enquiry.interest} title={`Enquiry from ${name}`} actions={<EnquiryStatusBadge status={enquiry.status} />} />
      <dl className="mt-6">
        <Row label="E-mail">
          <a href={`mailto:${enquiry.email}`} className="text-forest-900 underline underline-offset-4">
            {enquiry.email}
          </a>
        </Row>
        <Row label="Phone">{enquiry.phone}</Row>
        <Row label="Received">{formatAdminDate(enquiry.createdAt)}</Row>
        {enquiry.listingPath ? (
          <Row label="Listing">
            <Link to={enquiry.listingPath} className="text-forest-900 underline underline-offset-4">
              {enquiry.listingPath}
            </Link>
          </Row>
        ) : null}
        <Row label="Message">
          <p className="whitespace-pre-line leading-relaxed">{enquiry.message}</p>
        </Row>
        <Row label="E-mails">
          {enquiry.emailSent ? "Notification sent" : "Notification not sent yet"}
          {enquiry.confirmationSent ? " · confirmation sent" : ""}
        </Row>
      </dl>
    </div>
  );
}
