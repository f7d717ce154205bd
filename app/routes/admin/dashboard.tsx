import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { EnquiryChart } from "#app/components/admin/enquiry-chart";
import { useRevalidateOnEnquiryChange } from "#app/components/admin/live-enquiries";
import { servicesContext } from "#app/db/context";
import { PIPELINE_STATUS_LABELS, PIPELINE_STATUSES } from "#app/domain/enquiry-pipeline-status";
import { countOf } from "#app/domain/plural";
import { formatBytes } from "#app/domain/upload-rules";
import { loadDashboardFigures } from "#app/models/admin-dashboard.server";
import { requireStaff } from "#app/services/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, context, "dashboard");
  // Only the figures of the areas this role may open leave the server (domain/staff-roles.ts).
  return { figures: await loadDashboardFigures(context.get(servicesContext).db, user.role) };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

function Panel({ title, children, footer }: { title: string; children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col border border-linen bg-white/70 p-6 sm:p-8">
      <h2 className="font-display text-xl text-forest-900">{title}</h2>
      <div className="mt-6 flex-1">{children}</div>
      {footer ? <div className="mt-6 border-t border-linen pt-4 text-sm">{footer}</div> : null}
    </section>
  );
}

function Figure({ label, value, detail }: { label: string; value: string | number; detail?: string }) {
  return (
    <div className="border border-linen bg-white/70 p-6">
      <p className="text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase">{label}</p>
      <p className="mt-3 font-display text-4xl text-forest-900">{value}</p>
      {detail ? <p className="mt-2 text-xs text-stone">{detail}</p> : null}
    </div>
  );
}

export default function Dashboard({ loaderData: { figures } }: Route.ComponentProps) {
  // New enquiries and status changes on any server redraw the figures within a moment.
  useRevalidateOnEnquiryChange();
  const { enquiries, listings, media } = figures;
  return (
    <div className="space-y-10">
      <title>Dashboard | Admin</title>
      <AdminPageHeader eyebrow="Overview" title="Dashboard" intro="The state of the collection, the enquiries and the site's content at a glance." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {listings ? (
          <Figure
            label="Listings"
            value={listings.reduce((sum, row) => sum + row.total, 0)}
            detail={`${listings.reduce((sum, row) => sum + row.visible, 0)} visible to visitors`}
          />
        ) : null}
        {enquiries ? (
          <Figure
            label="Unopened enquiries"
            value={enquiries.unopened}
            detail={`${enquiries.pipeline.new + enquiries.pipeline.contacted + enquiries.pipeline.qualified} open leads`}
          />
        ) : null}
        {figures.contentBlocks !== undefined ? <Figure label="Content blocks" value={figures.contentBlocks} /> : null}
        {media ? <Figure label="Media files" value={media.files} detail={`${formatBytes(media.usedBytes)} stored`} /> : null}
      </div>
      {enquiries ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
          <Panel
            title="Enquiries per day"
            footer={
              <Link to="/edit/enquiries" className="text-forest-900 underline underline-offset-4">
                Open the inbox
              </Link>
            }
          >
            <EnquiryChart perDay={enquiries.perDay} />
          </Panel>
          <Panel title="Pipeline">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-[0.7rem] tracking-[0.18em] text-stone uppercase">
                  <th scope="col" className="pb-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="pb-3 text-right font-medium">
                    Enquiries
                  </th>
                </tr>
              </thead>
              <tbody>
                {PIPELINE_STATUSES.map((status) => (
                  <tr key={status} className="border-t border-linen">
                    <th scope="row" className="py-2.5 text-left font-normal">
                      <Link to={`/edit/enquiries?status=${status}`} className="text-forest-900 underline-offset-4 hover:underline">
                        {PIPELINE_STATUS_LABELS[status]}
                      </Link>
                    </th>
                    <td className="py-2.5 text-right tabular-nums" data-testid={`pipeline-${status}`}>
                      {enquiries.pipeline[status]}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {enquiries.mail.failed || enquiries.mail.waiting ? (
              <p className="mt-4 text-sm text-red-800">
                {enquiries.mail.failed ? `${countOf(enquiries.mail.failed, "e-mail")} failed to send. ` : ""}
                {enquiries.mail.waiting ? `${enquiries.mail.waiting} waiting to retry.` : ""}
              </p>
            ) : null}
          </Panel>
        </div>
      ) : null}
      {listings ? (
        <Panel title="Listings by category">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-[0.7rem] tracking-[0.18em] text-stone uppercase">
                <th scope="col" className="pb-3 font-medium">
                  Category
                </th>
                <th scope="col" className="pb-3 text-right font-medium">
                  Visible
                </th>
                <th scope="col" className="pb-3 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {listings.map((row) => (
                <tr key={row.id} className="border-t border-linen">
                  <th scope="row" className="py-3 text-left font-normal">
                    <Link to={`/${row.id}`} className="text-forest-900 underline-offset-4 hover:underline">
                      {row.name}
                    </Link>
                  </th>
                  <td className="py-3 text-right tabular-nums">{row.visible}</td>
                  <td className="py-3 text-right tabular-nums">{row.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
      ) : null}
    </div>
  );
}
