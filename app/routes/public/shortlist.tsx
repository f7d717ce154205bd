import { Heart } from "#app/components/ui/icons/heart";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/shortlist";
import { ListingCard } from "#app/components/listings/listing-card";
import { DeferredShareLink } from "#app/components/listings/deferred-share-link";
import { ShortlistSoldNotice } from "#app/components/listings/shortlist-sold-notice";
import { fetchWithRouteAfterHydration } from "#app/components/deferred-component";
import { DeferredShortlistEnquiryForm } from "#app/components/listings/deferred-shortlist-enquiry-form";
import { servicesContext } from "#app/db/context";
import { CATEGORY_MENU } from "#app/domain/category-names";
import { takesEnquiries } from "#app/domain/listing-status";
import { countOf } from "#app/domain/plural";
import { pageMeta } from "#app/domain/seo";
import { decodeShareList, encodeShareList, SHORTLIST_ACTION, sharePath } from "#app/domain/shortlist";
import type { ListingCardData } from "#app/domain/listing-views";
import { findShortlistCards } from "#app/models/listings.server";
import { shortlistEnquiryAction, enquiryRouteHeaders } from "#app/services/enquiry-action.server";
import { readShortlist, writeShortlist } from "#app/services/shortlist.server";

fetchWithRouteAfterHydration(DeferredShortlistEnquiryForm, DeferredShareLink);

/**
 * The shortlist across categories (docs/decisions/0027). `/shortlist` shows the visitor's own list, from their
 * cookie; `/shortlist?list=a.b.c` shows a shared list to anyone, with a button to add it to their own.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const shared = new URL(request.url).searchParams.get("list");
  const own = await readShortlist(request);
  if (shared !== null) {
    const cards = await findShortlistCards(db, decodeShareList(shared));
    return data({ mode: "shared" as const, cards, shareUrl: `${env.siteUrl}${sharePath(cards.map((card) => card.id))}` });
  }
  const cards = await findShortlistCards(db, own);
  const ids = cards.map((card) => card.id);
  // Listings hidden or removed since they were saved leave the list for good, so the count stays true.
  const headers: HeadersInit =
    ids.length === own.length ? {} : { "Set-Cookie": await writeShortlist(ids, { secure: env.siteUrl.startsWith("https://") }) };
  return data(
    { mode: "own" as const, cards, shareUrl: `${env.siteUrl}${sharePath(ids)}` },
    { headers: { ...headers, "Cache-Control": "private, no-store" } },
  );
}

export const headers = enquiryRouteHeaders;

/** One enquiry about every listing on the visitor's own list. */
export async function action({ request, context }: Route.ActionArgs) {
  return shortlistEnquiryAction({ request, context }, await readShortlist(request));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    matches,
    path: loaderData?.mode === "shared" ? `/shortlist?list=${encodeShareList(loaderData.cards.map((card) => card.id))}` : "/shortlist",
    title: loaderData?.mode === "shared" ? "A Shared Shortlist" : "Your Shortlist",
    description: "Listings saved from the collection: real estate, cars, metals, yachts and private jets.",
    noindex: true,
  });

export default function ShortlistPage({ loaderData }: Route.ComponentProps) {
  const { mode, cards, shareUrl } = loaderData;
  const shared = mode === "shared";
  // Every card is reachable (findShortlistCards): sold ones show as sold and stay out of the enquiry.
  const enquirable = cards.filter((card) => takesEnquiries({ status: card.status, visible: true }));
  const sold = cards.filter((card) => !enquirable.includes(card));
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-12 pb-24 sm:px-8">
      <header className="max-w-3xl">
        <p className="eyebrow">{shared ? "Shared with you" : "Saved without an account"}</p>
        <h1 className="mt-3 font-display text-4xl leading-tight text-forest-900 sm:text-5xl">{shared ? "A Shared Shortlist" : "Your Shortlist"}</h1>
        <span className="rule-gold mt-6" />
        <p role="status" className="mt-6 text-stone">
          {cards.length === 0
            ? shared
              ? "None of the listings on this shortlist is available any more."
              : "Your shortlist is empty."
            : `${countOf(cards.length, "listing")} across ${countOf(new Set(cards.map((card) => card.category)).size, "category", "categories")}${sold.length ? `, ${sold.length === cards.length ? (sold.length === 1 ? "sold" : "all sold") : `${sold.length} of them sold`}` : ""}.`}
        </p>
      </header>

      {cards.length === 0 ? (
        <EmptyShortlist />
      ) : (
        <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="min-w-0 space-y-14">
            {groupByCategory(cards).map(({ category, items }) => (
              <section key={category.id} aria-labelledby={`shortlist-${category.id}`}>
                <h2 id={`shortlist-${category.id}`} className="font-display text-2xl text-forest-900">
                  {category.name}
                </h2>
                <ul className="mt-6 grid justify-items-center gap-8 md:grid-cols-2">
                  {items.map((listing) => (
                    <li key={listing.id} className="flex w-full min-w-0 justify-center">
                      <ListingCard listing={listing} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <div className="space-y-8">
            {shared ? (
              <Form method="post" action={SHORTLIST_ACTION} className="border border-ink/10 bg-white/70 p-6">
                <input type="hidden" name="intent" value="merge" />
                <input type="hidden" name="list" value={encodeShareList(cards.map((card) => card.id))} />
                <input type="hidden" name="returnTo" value="/shortlist" />
                <h2 className="font-display text-xl text-forest-900">Keep these listings</h2>
                <p className="mt-2 text-sm leading-relaxed text-stone">Add them to the shortlist in this browser, beside any you have saved.</p>
                <button type="submit" className="btn-primary mt-5 w-full">
                  Add to my shortlist
                </button>
              </Form>
            ) : (
              <>
                <div className="border border-ink/10 bg-white/70 p-6 shadow-[0_20px_60px_-30px_rgb(8_34_26/0.35)]">
                  {enquirable.length ? (
                    <DeferredShortlistEnquiryForm count={enquirable.length} sold={sold.map((card) => card.title)} />
                  ) : (
                    <ShortlistSoldNotice />
                  )}
                </div>
                <DeferredShareLink url={shareUrl} />
              </>
            )}
          </div>
        </div>
      )}
    </main>
  );
}

function groupByCategory(cards: ListingCardData[]) {
  return CATEGORY_MENU.map((category) => ({ category, items: cards.filter((card) => card.category === category.id) })).filter(
    (group) => group.items.length > 0,
  );
}

function EmptyShortlist() {
  return (
    <div className="mt-12 max-w-2xl border border-ink/10 bg-white/60 px-8 py-14">
      <Heart aria-hidden="true" className="h-8 w-8 text-gold-600" strokeWidth={1.25} />
      <p className="mt-5 text-lg leading-relaxed text-ink/80">
        Tap the heart on any listing to keep it here. Your shortlist stays in this browser, needs no account, and can be shared with a link.
      </p>
      <ul className="mt-8 flex flex-wrap gap-3">
        {CATEGORY_MENU.map((category) => (
          <li key={category.id}>
            <Link
              to={`/${category.id}`}
              className="inline-flex border border-forest-900/20 px-4 py-2 text-xs font-medium tracking-[0.18em] text-forest-900 uppercase transition-colors hover:border-gold-500 hover:text-gold-700"
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
