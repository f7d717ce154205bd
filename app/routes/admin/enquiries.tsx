import { Link } from "react-router";
import type { Route } from "./+types/enquiries";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { EnquiryStatusBadge, formatAdminDate } from "#app/components/admin/enquiry-status";
import { servicesContext } from "#app/db/context";
import { ENQUIRY_PAGE_SIZE, listEnquiries } from "#app/models/enquiries-admin.server";
import { requireStaff } from "#app/services/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "enquiries");
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
  const { items, total } = await listEnquiries(context.get(servicesContext).db, { page });
  return { items, total, page, pages: Math.max(1, Math.ceil(total / ENQUIRY_PAGE_SIZE)) };
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pages } = loaderData;
  return (
    <div>
      <title>Enquiries | Admin</title>
      <AdminPageHeader
        eyebrow="Inbox"
        title="Enquiries"
        intro={`${total} ${total === 1 ? "enquiry" : "enquiries"} from the listing pages and the contact form. Unread ones are marked in gold until someone opens them.`}
      />
      {items.length === 0 ? (
        <p className="mt-16 text-center font-display text-2xl text-stone">No enquiries yet.</p>
      ) : (
        <ul className="mt-8 divide-y divide-linen border border-linen bg-white/70">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={`/edit/enquiries/${item.id}`}
                className="group flex flex-col gap-2 px-6 py-5 transition-colors duration-200 hover:bg-sand/60 sm:flex-row sm:items-start sm:gap-6"
              >
                <span aria-hidden className={`mt-2 h-2 w-2 shrink-0 rounded-full ${item.openedAt ? "bg-transparent" : "bg-gold-500"}`} />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-baseline gap-x-3">
                    <span className={`text-forest-900 ${item.openedAt ? "" : "font-semibold"}`}>
                      {`${item.firstName} ${item.lastName}`.trim()}
                      {item.openedAt ? null : <span className="sr-only"> (unopened)</span>}
                    </span>
                    <span className="text-sm text-stone">{item.email}</span>
                  </span>
                  <span className="mt-1 block truncate text-sm text-ink/75">{item.excerpt}</span>
                </span>
                <span className="flex shrink-0 items-center gap-3 text-xs text-stone">
                  <span>{item.interest}</span>
                  <EnquiryStatusBadge status={item.status} />
                  <time dateTime={new Date(item.createdAt).toISOString()}>{formatAdminDate(item.createdAt)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className="text-forest-900 underline underline-offset-4">
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={`?page=${page + 1}`} className="text-forest-900 underline underline-offset-4">
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
