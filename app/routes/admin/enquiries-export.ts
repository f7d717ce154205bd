import type { Route } from "./+types/enquiries-export";
import { servicesContext } from "#app/db/context";
import { parseEnquiryFilters } from "#app/domain/enquiry-filters";
import { requireStaff } from "#app/services/auth.server";
import { enquiryCsvStream } from "#app/services/enquiry-csv.server";

/** CSV of the inbox's current filter (the same query string), for the roles that work enquiries. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "enquiries");
  const { db, env } = context.get(servicesContext);
  const filters = parseEnquiryFilters(new URL(request.url).searchParams);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(enquiryCsvStream(db, filters, env.siteUrl), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="enquiries-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
