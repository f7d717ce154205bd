import { data, Link } from "react-router";
import type { Route } from "./+types/category";
import { FilterBar } from "#app/components/listings/filter-bar";
import { ListingCard } from "#app/components/listings/listing-card";
import { Pagination } from "#app/components/listings/pagination";
import { SmartImage } from "#app/components/media/smart-image";
import { servicesContext } from "#app/db/context";
import { CATEGORIES } from "#app/domain/categories";
import { isCategoryId } from "#app/domain/category-ids";
import { hasActiveFilters, listingSearchParams, parseListingQuery } from "#app/domain/listing-query";
import { pageMeta } from "#app/domain/seo";
import { readContentImages } from "#app/models/content-images.server";
import { findListings, locationOptions } from "#app/models/listings.server";

/** One module serves all five category pages; the differences live in domain/categories.ts. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isCategoryId(params.category)) throw data({ message: null }, { status: 404 });
  const category = CATEGORIES[params.category];
  const services = context.get(servicesContext);
  const query = parseListingQuery(new URL(request.url).searchParams, category);
  const [results, locations, images] = await Promise.all([
    findListings(services.db, category.id, query),
    locationOptions(services.db, category.id),
    readContentImages(services, [category.heroKey]),
  ]);
  return { category, query, results, locations, hero: images[category.heroKey] };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Page not found | White Streams" }, { name: "robots", content: "noindex" }];
  const { category, query, hero } = loaderData;
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
  const { category, query, results, locations, hero } = loaderData;
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
          <p className="eyebrow !text-gold-300">White Streams Collection</p>
          <h1 className="mt-4 font-display text-4xl text-ivory sm:text-6xl">{category.title}</h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-ivory/80 sm:text-lg">{category.subtitle}</p>
        </div>
      </section>

      <FilterBar key={category.id} category={category} query={query} locations={locations} />

      <section aria-labelledby="results-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-8">
        <h2 id="results-heading" className="sr-only">
          Listings
        </h2>
        <p role="status" className="mb-8 text-sm text-stone">
          {results.total === 1 ? "1 listing" : `${results.total} listings`}
          {filtered ? " match your search" : ""}
        </p>
        {results.items.length > 0 ? (
          <ul className="grid justify-items-center gap-8 md:grid-cols-2 lg:grid-cols-3">
            {results.items.map((listing) => (
              <li key={listing.id} className="flex w-full min-w-0 justify-center">
                <ListingCard listing={listing} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mx-auto max-w-lg border border-ink/10 bg-white/60 px-8 py-16 text-center">
            <h3 className="font-display text-2xl text-forest-900">No listings match your search</h3>
            <p className="mt-3 text-stone">Try other words or fewer filters. New listings join the collection regularly.</p>
            <Link to={`/${category.id}`} preventScrollReset className="btn-primary mt-8">
              Clear filters
            </Link>
          </div>
        )}
        <Pagination query={query} pageCount={results.pageCount} />
      </section>
    </main>
  );
}

// Imported from its own module, not from ./listing: that would bundle the detail page and its enquiry form here.
export { ListingErrorBoundary as ErrorBoundary } from "#app/components/listings/listing-error-boundary";
