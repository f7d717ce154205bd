import { data, Link } from "react-router";
import type { Route } from "./+types/category";
import { FilterBar } from "#app/components/listings/filter-bar";
import { fetchWithRouteAfterHydration } from "#app/components/deferred-component";
import { DeferredListingGrid } from "#app/components/listings/deferred-listing-grid";
import { Pagination } from "#app/components/listings/pagination";
import { useSiteName } from "#app/components/layout/use-site-name";
import { SmartImage } from "#app/components/media/smart-image";
import { servicesContext } from "#app/db/context";
import { CATEGORIES } from "#app/domain/categories";
import { isCategoryId } from "#app/domain/category-ids";
import { hasActiveFilters, listingSearchParams, parseListingQuery, type ListingQuery } from "#app/domain/listing-query";
import { PRICE_ON_REQUEST_LAST, PRICE_RANGE_EXCLUDES } from "#app/domain/listing-rules";
import { agreeing, countOf } from "#app/domain/plural";
import { errorPageMeta, pageMeta, titleFor } from "#app/domain/seo";
import { readContentImages } from "#app/models/content-images.server";
import { findListings, locationOptions } from "#app/models/listings.server";

fetchWithRouteAfterHydration(DeferredListingGrid);

/** One module serves all five category pages; the differences live in domain/categories.ts. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isCategoryId(params.category)) throw data({ message: null }, { status: 404 });
  const category = CATEGORIES[params.category];
  const services = context.get(servicesContext);
  const query = parseListingQuery(new URL(request.url).searchParams, category);
  const [results, locations, images] = await Promise.all([
    findListings(services.db, category.id, query, { counts: services.listingsCache }),
    locationOptions(services.db, category.id),
    readContentImages(services, [category.heroKey]),
  ]);
  // A page past the last one (an old link, a typed number) says so with a 404, never "No listings match".
  const pageMissing = query.page > results.pageCount;
  return data({ category, query, results, locations, hero: images[category.heroKey], pageMissing }, { status: pageMissing ? 404 : 200 });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return errorPageMeta();
  const { category, query, hero, pageMissing } = loaderData;
  if (pageMissing) return [{ title: titleFor(matches, `${category.title}, no page ${query.page}`) }, { name: "robots", content: "noindex" }];
  const page = query.page > 1 ? `?${listingSearchParams({ page: query.page })}` : "";
  return pageMeta({
    matches,
    path: `/${category.id}${page}`,
    title: query.page > 1 ? `${category.title}, page ${query.page}` : category.title,
    description: `${category.subtitle}.`,
    image: hero?.src,
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const siteName = useSiteName();
  const { category, query, results, locations, hero, pageMissing } = loaderData;
  const filtered = hasActiveFilters(query);
  return (
    <main id="main">
      <section className="relative flex h-[60vh] min-h-[22rem] items-end overflow-hidden bg-forest-950">
        <SmartImage
          src={hero}
          alt=""
          width={1920}
          height={1080}
          sizes="100vw"
          priority
          theme={category.id}
          className="!absolute inset-0 h-full w-full"
        />
        <div className="absolute inset-0 bg-gradient-to-t from-forest-950/90 via-forest-950/40 to-forest-950/10" />
        <div className="relative mx-auto w-full max-w-7xl px-6 pb-12 sm:px-8 sm:pb-16">
          <p className="eyebrow !text-gold-300">{`${siteName} Collection`}</p>
          <h1 className="mt-4 font-display text-4xl text-ivory sm:text-6xl">{category.title}</h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-ivory/80 sm:text-lg">{category.subtitle}</p>
        </div>
      </section>

      <FilterBar key={category.id} category={category} query={query} locations={locations} />

      {/* #results: where filters sent without JavaScript open the page (its scroll margin is in site.css). */}
      <section id="results" aria-labelledby="results-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-8">
        <h2 id="results-heading" className="sr-only">
          Listings
        </h2>
        {/* With nothing found, the box below says so in words: the count stays for screen readers, which announce it. */}
        <p role="status" className={results.total === 0 ? "sr-only" : "mb-8 text-sm text-stone"}>
          {countOf(results.total, "listing")}
          {filtered ? ` ${agreeing(results.total, "matches", "match")} your search` : ""}
          {/* Said where it applies, so nobody wonders where the listings on request went. */}
          {query.price ? ` · ${PRICE_RANGE_EXCLUDES}` : query.sort.startsWith("price-") ? ` · ${PRICE_ON_REQUEST_LAST}` : ""}
        </p>
        {pageMissing ? (
          <MissingPage query={query} pageCount={results.pageCount} total={results.total} />
        ) : results.items.length > 0 ? (
          <DeferredListingGrid listings={results.items} />
        ) : (
          <div className="mx-auto max-w-lg border border-ink/10 bg-white/60 px-8 py-16 text-center">
            <h3 className="font-display text-2xl text-forest-900">No listings match your search</h3>
            <p className="mt-3 text-stone">Try other words or fewer filters. New listings join the collection regularly.</p>
            <Link to={`/${category.id}`} preventScrollReset className="btn-primary mt-8">
              Clear filters
            </Link>
          </div>
        )}
        {pageMissing ? null : <Pagination query={query} pageCount={results.pageCount} />}
      </section>
    </main>
  );
}

/** Page N of a list that has fewer pages: say so, and offer its last page with the same search and filters. */
function MissingPage({ query, pageCount, total }: { query: ListingQuery; pageCount: number; total: number }) {
  return (
    <div className="mx-auto max-w-lg border border-ink/10 bg-white/60 px-8 py-16 text-center">
      <h3 className="font-display text-2xl text-forest-900">{`There is no page ${query.page}`}</h3>
      <p className="mt-3 text-stone">
        {total === 0
          ? "No listings match your search, so there is only one page."
          : `${total === 1 ? "This listing fits" : `These ${total} listings fit`} on ${countOf(pageCount, "page")}.`}
      </p>
      <Link to={`?${listingSearchParams({ ...query, page: pageCount })}`} preventScrollReset className="btn-primary mt-8">
        {pageCount === 1 ? "Go to the first page" : `Go to page ${pageCount}`}
      </Link>
    </div>
  );
}

// Imported from its own module, not from ./listing: that would bundle the detail page and its enquiry form here.
export { ListingErrorBoundary as ErrorBoundary } from "#app/components/listings/listing-error-boundary";
