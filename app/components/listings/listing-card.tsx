import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { SmartImage } from "#app/components/media/smart-image";
import { CardPrice } from "#app/components/pricing/price-tag";
import { listingPath } from "#app/domain/listing-slug";
import type { ListingCardData } from "#app/domain/listing-views";
import { ShortlistHeart } from "./shortlist-heart";
import { StatusBadge } from "./status-badge";

const COLLAPSED_IMAGES = 3;
const MAX_CHIPS = 3;

/**
 * A 384×512 card. The image area cycles through the first 3 photos with dots; '+N more' reveals the rest once,
 * for good. The whole card opens the detail page; the dots and '+N more' do not. Under offer and Sold listings
 * carry their badge over the picture.
 */
export function ListingCard({ listing, priority = false }: { listing: ListingCardData; priority?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const [current, setCurrent] = useState(0);
  const photos = expanded ? listing.photos : listing.photos.slice(0, COLLAPSED_IMAGES);
  const remaining = listing.photos.length - COLLAPSED_IMAGES;
  const href = listingPath(listing);
  const dots = useRef<HTMLDivElement>(null);
  // '+N more' goes away once used: the first photo it revealed is shown, and its dot takes the focus the button had.
  const revealMore = () => {
    flushSync(() => {
      setExpanded(true);
      setCurrent(COLLAPSED_IMAGES);
    });
    dots.current?.querySelectorAll("button")[COLLAPSED_IMAGES]?.focus();
  };

  return (
    <article className="group relative flex h-[512px] w-full min-w-0 max-w-[384px] flex-col overflow-hidden border border-ink/10 bg-white/80 shadow-[0_1px_2px_rgb(8_34_26/0.04)] transition-shadow duration-300 hover:shadow-[0_24px_50px_-24px_rgb(8_34_26/0.35)]">
      <div className="relative h-72 shrink-0">
        <SmartImage
          src={photos[current]}
          alt=""
          width={384}
          height={288}
          // The card is never wider than 384 px (max-w above), nor than the screen on a narrow phone.
          sizes="(min-width: 384px) 384px, 100vw"
          widths={[384, 640, 768]}
          priority={priority && current === 0}
          theme={listing.category}
          className="h-full w-full"
          imgClassName="transition-transform duration-700 ease-out group-hover:scale-[1.03]"
        />
        <StatusBadge status={listing.status} className="absolute top-3 left-3 z-10" />
        <ShortlistHeart listingId={listing.id} title={listing.title} variant="card" />
        {photos.length > 1 && (
          <div ref={dots} className="absolute inset-x-0 bottom-3 z-10 flex flex-wrap items-center justify-center gap-1 px-14">
            {photos.map((photo, index) => (
              <button
                key={index}
                type="button"
                onClick={() => setCurrent(index)}
                aria-label={`Show image ${index + 1} of ${photos.length}`}
                aria-current={index === current ? "true" : undefined}
                className="flex h-6 w-6 items-center justify-center"
              >
                <span className={`block rounded-full transition-all ${index === current ? "h-2 w-2 bg-ivory" : "h-1.5 w-1.5 bg-ivory/60"}`} />
              </button>
            ))}
          </div>
        )}
        {!expanded && remaining > 0 && (
          <button
            type="button"
            onClick={revealMore}
            className="absolute right-3 bottom-3 z-10 bg-forest-950/75 px-2.5 py-1 text-xs tracking-wide text-ivory backdrop-blur-sm transition-colors hover:bg-forest-950"
          >
            +{remaining} more
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="line-clamp-2 font-display text-xl leading-snug wrap-anywhere text-forest-900">
          {/* The link's ::after covers the card, so a click anywhere but the carousel controls opens the listing. */}
          <Link
            to={href}
            className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-solid focus-visible:after:-outline-offset-4 focus-visible:after:outline-gold-500"
          >
            {listing.title}
          </Link>
        </h3>
        {listing.status === "sold" ? (
          <p className="mt-2 text-sm font-medium tracking-wide text-gold-700">Sold</p>
        ) : (
          <CardPrice price={listing.price} />
        )}
        {/* A long location gives way before the year does: "Ponte Vedra Beach, Florida, Un… · 1999". */}
        <p className="mt-1 flex min-w-0 text-sm whitespace-pre text-stone">
          <span className="truncate">{listing.location}</span>
          {listing.year ? <span className="shrink-0">{` · ${listing.year}`}</span> : null}
        </p>
        {listing.specs.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-2 pt-4" aria-label="Highlights">
            {listing.specs.slice(0, MAX_CHIPS).map((spec) => (
              <li key={spec} className="bg-sand px-2.5 py-1 text-xs text-ink/80">
                {spec}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
