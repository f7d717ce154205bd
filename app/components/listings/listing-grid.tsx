import type { ListingCardData } from "#app/domain/listing-views";
import { ListingCard } from "./listing-card";

/** A category page's results: a card per listing. */
export function ListingGrid({ listings }: { listings: ListingCardData[] }) {
  return (
    <ul className="grid justify-items-center gap-8 md:grid-cols-2 lg:grid-cols-3">
      {listings.map((listing) => (
        <li key={listing.id} className="flex w-full min-w-0 justify-center">
          <ListingCard listing={listing} />
        </li>
      ))}
    </ul>
  );
}
