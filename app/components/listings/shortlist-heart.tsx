import { Heart } from "#app/components/ui/icons/heart";
import { useFetcher, useLocation } from "react-router";
import { SHORTLIST_ACTION } from "#app/domain/shortlist";
import { useHydrated } from "#app/components/use-hydrated";
import { queueShortlistChange, useShortlist } from "./use-shortlist";

/** The anchor a no-JavaScript post returns to, so the visitor stays where they were on a long list. */
export function heartAnchor(listingId: string): string {
  return `shortlist-${listingId}`;
}

/**
 * Save a listing to the shortlist, or take it off. A real form: without JavaScript it posts and the server sends
 * the visitor back to this very heart; with it a fetcher posts (one heart after another, see use-shortlist.ts) and
 * the heart and the top bar's count change at once. `card`: a round button over a card's picture; `detail`: a labelled button beside the detail page's price.
 */
export function ShortlistHeart({ listingId, title, variant }: { listingId: string; title: string; variant: "card" | "detail" }) {
  const fetcher = useFetcher({ key: `shortlist:${listingId}` });
  const location = useLocation();
  const hydrated = useHydrated();
  const saved = useShortlist().has(listingId);
  const anchor = heartAnchor(listingId);
  return (
    <fetcher.Form
      method="post"
      action={SHORTLIST_ACTION}
      id={anchor}
      onSubmit={(event) => {
        event.preventDefault();
        const formData = new FormData(event.currentTarget);
        queueShortlistChange(listingId, !saved, () => fetcher.submit(formData, { method: "post", action: SHORTLIST_ACTION }));
      }}
      className={variant === "card" ? "absolute top-3 right-3 z-10 scroll-mt-32" : "scroll-mt-32"}
      data-print="hide"
    >
      <input type="hidden" name="listing" value={listingId} />
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}#${anchor}`} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {variant === "card" ? (
        <button
          type="submit"
          aria-pressed={saved}
          aria-label={`Shortlist ${title}`}
          title={saved ? "Saved to your shortlist" : "Save to your shortlist"}
          className="flex h-11 w-11 items-center justify-center rounded-full bg-ivory/90 text-forest-900 shadow-sm backdrop-blur-sm transition-colors hover:bg-ivory hover:text-gold-700 focus-visible:outline-2 focus-visible:outline-gold-500"
        >
          <Heart aria-hidden="true" className={`h-5 w-5 ${saved ? "fill-gold-500 text-gold-600" : ""}`} strokeWidth={1.5} />
        </button>
      ) : (
        <button
          type="submit"
          className="inline-flex items-center gap-2 border border-forest-900/20 px-5 py-3 text-xs font-medium tracking-[0.18em] text-forest-900 uppercase transition-colors hover:border-gold-500 hover:text-gold-700"
        >
          <Heart aria-hidden="true" className={`h-4 w-4 ${saved ? "fill-gold-500 text-gold-600" : ""}`} strokeWidth={1.5} />
          {saved ? "Saved to shortlist" : "Save to shortlist"}
        </button>
      )}
    </fetcher.Form>
  );
}
