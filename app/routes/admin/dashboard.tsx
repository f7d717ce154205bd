import { formatBytes } from "#app/domain/upload-rules";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { servicesContext } from "#app/db/context";
import { loadDashboardFigures, type EnquiryStatus } from "#app/models/admin-dashboard.server";
import { requireStaff } from "#app/services/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "dashboard");
  return { figures: await loadDashboardFigures(context.get(servicesContext).db) };
}

const STATUS_LABELS: Record<EnquiryStatus, string> = { pending: "Pending", processed: "Processed", error: "Failed to send" };

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
  const listingTotal = figures.listings.reduce((sum, row) => sum + row.total, 0);
  const sum = (counts: Record<EnquiryStatus, number>) => counts.pending + counts.processed + counts.error;
  return (
    <div className="space-y-10">
      <title>Dashboard | Admin</title>
      <AdminPageHeader eyebrow="Overview" title="Dashboard" intro="The state of the collection, the enquiries and the site's content at a glance." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label="Listings" value={listingTotal} detail={`${figures.listings.reduce((s, row) => s + row.visible, 0)} visible to visitors`} />
        <Figure label="Unopened enquiries" value={figures.enquiries.unopened} />
        <Figure label="Content blocks" value={figures.contentBlocks} />
        <Figure label="Media files" value={figures.media.files} detail={`${formatBytes(figures.media.bytes)} stored`} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
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
              {figures.listings.map((row) => (
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
        <Panel
          title="Enquiries"
          footer={
            <Link to="/edit/enquiries" className="text-forest-900 underline underline-offset-4">
              Read the enquiries
            </Link>
          }
        >
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-[0.7rem] tracking-[0.18em] text-stone uppercase">
                <th scope="col" className="pb-3 font-medium">
                  Status
                </th>
                <th scope="col" className="pb-3 text-right font-medium">
                  Last 7 days
                </th>
                <th scope="col" className="pb-3 text-right font-medium">
                  Last 30 days
                </th>
              </tr>
            </thead>
            <tbody>
              {(Object.keys(STATUS_LABELS) as EnquiryStatus[]).map((status) => (
                <tr key={status} className="border-t border-linen">
                  <th scope="row" className="py-3 text-left font-normal">
                    {STATUS_LABELS[status]}
                  </th>
                  <td className="py-3 text-right tabular-nums">{figures.enquiries.last7[status]}</td>
                  <td className="py-3 text-right tabular-nums">{figures.enquiries.last30[status]}</td>
                </tr>
              ))}
              <tr className="border-t border-forest-900/30 font-medium">
                <th scope="row" className="py-3 text-left">
                  All
                </th>
                <td className="py-3 text-right tabular-nums" data-testid="enquiries-7">
                  {sum(figures.enquiries.last7)}
                </td>
                <td className="py-3 text-right tabular-nums" data-testid="enquiries-30">
                  {sum(figures.enquiries.last30)}
                </td>
              </tr>
            </tbody>
          </table>
        </Panel>
      </div>
    </div>
  );
}
