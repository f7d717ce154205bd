import { Suspense } from "react";
import { Await, Link } from "react-router";
import type { Category } from "#app/domain/categories";
import type { ListingCardData } from "#app/domain/listing-views";
import { ListingCard } from "./listing-card";

/**
 * "Similar listings" under the detail page. The loader waits for them briefly: as a rule they arrive as a list,
 * rendered in the HTML (search engines and browsers without JavaScript see them); when the query was slow they
 * arrive as a promise and stream in after the page, a browser without JavaScript then keeping the placeholder.
 */
export function SimilarListings({ similar, category }: { similar: ListingCardData[] | Promise<ListingCardData[]>; category: Category }) {
  return (
    <section aria-labelledby="similar-heading" className="mt-20 border-t border-ink/10 pt-12" data-print="hide">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="similar-heading" className="font-display text-3xl text-forest-900">
          Similar listings
        </h2>
        <Link to={`/${category.id}`} className="text-sm text-forest-800 underline decoration-gold-500 underline-offset-4 hover:text-gold-700">
          {`All ${category.title}`}
        </Link>
      </div>
      {Array.isArray(similar) ? (
        <SimilarList items={similar} />
      ) : (
        <Suspense fallback={<SimilarPlaceholder />}>
          <Await resolve={similar} errorElement={<p className="mt-6 text-sm text-stone">Similar listings could not be loaded just now.</p>}>
            {(items) => <SimilarList items={items} />}
          </Await>
        </Suspense>
      )}
    </section>
  );
}

function SimilarList({ items }: { items: ListingCardData[] }) {
  if (items.length === 0) return <p className="mt-6 text-sm text-stone">No other listings in this collection yet.</p>;
  return (
    <ul className="mt-8 grid justify-items-center gap-8 md:grid-cols-2 lg:grid-cols-3">
      {items.map((listing) => (
        <li key={listing.id} className="flex w-full min-w-0 justify-center">
          <ListingCard listing={listing} />
        </li>
      ))}
    </ul>
  );
}

/** Three card-sized shapes while the listings load, so nothing below jumps when they arrive. */
function SimilarPlaceholder() {
  return (
    <ul aria-hidden="true" className="mt-8 grid justify-items-center gap-8 md:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((index) => (
        <li key={index} className="h-[512px] w-full max-w-[384px] animate-pulse border border-ink/10 bg-sand/60" />
      ))}
    </ul>
  );
}
