import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/enquiries";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminPagination } from "#app/components/admin/admin-pagination";
import { EnquiryFiltersForm } from "#app/components/admin/enquiry-filters-form";
import { EnquiryList } from "#app/components/admin/enquiry-list";
import { useLiveEnquiries } from "#app/components/admin/live-enquiries";
import { servicesContext } from "#app/db/context";
import { filtersToSearch, hasFilters, parseEnquiryFilters } from "#app/domain/enquiry-filters";
import { listAssignableStaff, listEnquiries } from "#app/models/enquiries-admin.server";
import { requireStaff } from "#app/services/auth.server";
import { agreeing, countOf } from "#app/domain/plural";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "enquiries");
  const { db } = context.get(servicesContext);
  const filters = parseEnquiryFilters(new URL(request.url).searchParams);
  const [{ items, total, pages }, staff] = await Promise.all([listEnquiries(db, filters), listAssignableStaff(db)]);
  return { items, total, pages, page: Math.min(filters.page, pages), filters, staff };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pages, filters, staff } = loaderData;
  const live = useLiveEnquiries();
  const filtered = hasFilters(filters);
  const search = filtersToSearch(filters, { page });
  return (
    <div>
      <title>Enquiries | Admin</title>
      <AdminPageHeader
        eyebrow="Inbox"
        title="Enquiries"
        intro={`${countOf(total, "enquiry", "enquiries")}${filtered ? ` ${agreeing(total, "matches", "match")} these filters` : " from the listing pages and the contact form"}. Unread ones are marked in gold until someone opens them.`}
        actions={
          <Link to="/edit/enquiries/privacy" className="inline-flex items-center gap-2 text-sm text-forest-900 underline-offset-4 hover:underline">
            <ShieldCheck aria-hidden className="h-4 w-4" strokeWidth={1.5} /> Personal data requests
          </Link>
        }
      />
      <EnquiryFiltersForm key={search} filters={filters} staff={staff} />
      {live.newSinceLoad > 0 ? (
        <p role="status" className="mt-6 border border-gold-500/50 bg-gold-200/30 px-4 py-3 text-sm text-forest-900">
          {`${countOf(live.newSinceLoad, "new enquiry", "new enquiries")} ${agreeing(live.newSinceLoad, "has", "have")} arrived.`}{" "}
          <Link to={`/edit/enquiries${search}`} className="font-medium underline underline-offset-4">
            Show the latest
          </Link>
        </p>
      ) : null}
      {/* Names, addresses and listing titles in the list are visitors' text, and can be one unbroken word. */}
      <div className="mt-6 wrap-anywhere">
        {items.length === 0 ? (
          <p className="mt-10 text-center font-display text-2xl text-stone">{filtered ? "No enquiries match these filters." : "No enquiries yet."}</p>
        ) : (
          <EnquiryList items={items} />
        )}
      </div>
      <AdminPagination page={page} pages={pages} href={(target) => `/edit/enquiries${filtersToSearch(filters, { page: target })}`} />
    </div>
  );
}
