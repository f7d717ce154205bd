import { ArrowDownUp, Plus } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/listings";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { ListingsFilters } from "#app/components/admin/listings/listings-filters";
import { ListingsTable } from "#app/components/admin/listings/listings-table";
import { Dropdown } from "#app/components/ui/dropdown";
import { servicesContext } from "#app/db/context";
import { CATEGORY_LIST } from "#app/domain/categories";
import { adminListingSearchParams } from "#app/domain/listings-admin";
import { agreeing, countOf } from "#app/domain/plural";
import { listListingsForAdmin, parseAdminListingQuery } from "#app/models/listings-admin.server";
import { requireStaff } from "#app/services/auth.server";

/** /edit/listings: the listings manager. Owners and Editors (area "listings"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "listings");
  const query = parseAdminListingQuery(new URL(request.url).searchParams);
  const result = await listListingsForAdmin(context.get(servicesContext).db, query);
  // A page past the last is a page that does not exist (like the public lists), shown with the way back.
  return data({ ...result, query }, { status: result.page > result.pageCount ? 404 : 200 });
}

export default function Listings({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, query } = loaderData;
  const filtered = Boolean(query.q || query.category || query.status);
  const pageHref = (target: number) => `?${adminListingSearchParams({ ...query, page: target })}`;
  return (
    <div className="space-y-8">
      <title>Listings | Admin</title>
      <AdminPageHeader
        eyebrow="Catalogue"
        title="Listings"
        intro="Every listing, whatever its status: add, price, photograph, publish, hide, reorder and retire them. Changes show on the site at once."
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <Link
              to="/edit/listings/order"
              className="inline-flex h-11 items-center gap-2 border border-forest-900/20 px-4 text-sm text-forest-900 hover:bg-sand"
            >
              <ArrowDownUp aria-hidden className="h-4 w-4" strokeWidth={1.5} />
              Arrange order
            </Link>
            <Dropdown
              align="right"
              label={
                <>
                  <Plus aria-hidden className="h-4 w-4" strokeWidth={1.5} />
                  New listing
                </>
              }
            >
              <p className="px-3 pt-1 pb-2 text-xs text-stone">Choose its category</p>
              <ul>
                {CATEGORY_LIST.map((category) => (
                  <li key={category.id}>
                    <Link to={`/edit/listings/new?category=${category.id}`} className="block px-3 py-2.5 text-sm text-ink/80 hover:bg-sand">
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </Dropdown>
          </div>
        }
      />
      <ListingsFilters query={query} />
      <p role="status" className="text-sm text-stone">
        {countOf(total, "listing")}
        {filtered ? ` ${agreeing(total, "matches", "match")} these filters` : ""}
      </p>
      {items.length > 0 ? (
        <ListingsTable items={items} query={query} />
      ) : page > pageCount ? (
        <div className="border border-dashed border-linen px-6 py-14 text-center text-sm text-stone">
          <p className="font-display text-xl text-forest-900">There is no page {page}</p>
          <p className="mt-2">{`${countOf(total, "listing")} ${filtered ? `${agreeing(total, "matches", "match")} these filters and ` : ""}${agreeing(total, "fits", "fit")} on ${countOf(pageCount, "page")}.`}</p>
          <Link to={pageHref(pageCount)} className="mt-4 inline-block text-forest-900 underline underline-offset-4">
            {pageCount === 1 ? "Back to the list" : `Go to page ${pageCount}, the last`}
          </Link>
        </div>
      ) : (
        <p className="border border-dashed border-linen px-6 py-14 text-center text-sm text-stone">
          {filtered ? "No listing matches these filters." : "No listings yet. Create the first one with “New listing”."}
        </p>
      )}
      {pageCount > 1 && page <= pageCount ? (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className="text-forest-900 underline underline-offset-4">
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={pageHref(page + 1)} className="text-forest-900 underline underline-offset-4">
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
