import { ArrowLeft } from "#app/components/ui/icons/arrow-left";
import { Check } from "#app/components/ui/icons/check";
import { data, Link, redirect, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/listing";
import { BrochureLink } from "#app/components/listings/brochure-link";
import { DirectContact } from "#app/components/listings/direct-contact";
import { fetchWithRouteAfterHydration } from "#app/components/deferred-component";
import { DeferredGallery, DeferredPrintContact, DeferredSimilarListings } from "#app/components/listings/deferred-listing-parts";
import { DeferredEnquiryForm } from "#app/components/listings/deferred-enquiry-form";
import { SellerCard } from "#app/components/listings/seller-card";
import { ShortlistHeart } from "#app/components/listings/shortlist-heart";
import { SoldNotice } from "#app/components/listings/sold-notice";
import { DetailPrice } from "#app/components/pricing/price-tag";
import { StatusBadge } from "#app/components/listings/status-badge";
import { servicesContext } from "#app/db/context";
import { CATEGORIES } from "#app/domain/categories";
import { isCategoryId } from "#app/domain/category-ids";
import { formatPrice } from "#app/domain/listing-price";
import { listingPath } from "#app/domain/listing-slug";
import { takesEnquiries } from "#app/domain/listing-status";
import { absoluteUrl, errorPageMeta, pageMeta } from "#app/domain/seo";
import { socialLinks } from "#app/domain/contact-links";
import { jsonLdText, listingGraph } from "#app/domain/structured-data";
import { findSimilarListings } from "#app/models/listings-similar.server";
import { findPublicListing, toDetailData } from "#app/models/listings.server";
import { resolveClientIp } from "#app/services/client-ip.server";
import { enquiryAction, enquiryRouteHeaders } from "#app/services/enquiry-action.server";
import { settleWithin } from "#app/services/settle-within.server";
import { isCountableRequest } from "#app/services/view-recorder.server";
import type { loader as rootLoader } from "#app/root";
import { utcDate } from "#app/domain/utc-dates";

fetchWithRouteAfterHydration(DeferredGallery, DeferredSimilarListings, DeferredEnquiryForm, DeferredPrintContact);

/** How long the page waits for its similar listings before streaming them instead (they take a few ms as a rule). */
const SIMILAR_WAIT_MS = 250;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isCategoryId(params.category)) throw data({ message: null }, { status: 404 });
  const category = CATEGORIES[params.category];
  const services = context.get(servicesContext);
  const found = await findPublicListing(services.db, category.id, params.id);
  // Unknown, draft, archived and hidden listings answer alike: they are never reachable.
  if (found.kind === "missing") throw data({ message: category.notFound, category: category.id }, { status: 404 });
  // An earlier address of the listing (its slug or category changed): a permanent redirect keeps links and rankings.
  if (found.kind === "moved") throw redirect(`${found.path}${new URL(request.url).search}`, 301);
  const { listing } = found;
  // Started at once, beside the page's own work (see below); a failure is shown where they go, never thrown here.
  const similarQuery = findSimilarListings(services.db, listing);
  similarQuery.catch(() => undefined);
  // Counted after the page is answered, in batches: no cookie, nothing personal kept, bots ignored. The page cache
  // counts each visitor it gives a copy of this page to in the same way.
  if (services.pageFacts) services.pageFacts.listingView = listing.id;
  if (isCountableRequest(request)) {
    services.views.record({
      listingId: listing.id,
      clientIp: resolveClientIp(services.clientIp),
      userAgent: request.headers.get("user-agent") ?? "",
    });
  }
  // The details list shows a car's, yacht's or jet's year (entered once, as its year) in its usual place, once: made
  // on the server (toDetailData), so the page's script does not carry the rule.
  const detail = toDetailData(listing);
  const settings = await services.settings.current();
  // Search engines read the listing, its offer, the organization and the breadcrumbs from one JSON-LD document.
  const jsonLd = jsonLdText(
    listingGraph({
      listing: detail,
      category,
      organization: {
        siteUrl: services.env.siteUrl,
        siteName: services.env.SITE_NAME,
        contactEmail: settings.contactEmail,
        sameAs: socialLinks(settings).map((link) => link.url),
      },
      images: detail.photos.slice(0, 5).map((photo) => absoluteUrl(services.env.siteUrl, photo.src)),
    }),
  );
  // Waited for briefly: usually ready by now, so they are in the HTML and show without JavaScript too (a streamed
  // part needs a script to take its place); a slow query never holds the page: it streams in after it.
  const settled = await settleWithin(similarQuery, SIMILAR_WAIT_MS);
  const similar = "value" in settled ? settled.value : settled.pending;
  return { listing: detail, category, enquiries: takesEnquiries(listing), jsonLd, similar };
}

/** [enquiries] The enquiry form posts here, with or without JavaScript; the route params name the listing. */
export async function action(args: Route.ActionArgs) {
  return enquiryAction(args);
}

export const headers = enquiryRouteHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return errorPageMeta();
  const { listing, category } = loaderData;
  const cover = listing.photos[0];
  const summary = listing.description.replace(/\s+/g, " ").trim();
  return pageMeta({
    matches,
    path: listingPath(listing),
    title: `${listing.title} | ${category.title}`,
    description: summary.length > 160 ? `${summary.slice(0, 157).trimEnd()}…` : summary || `${listing.title}, ${listing.location}`,
    // Our own cover: its 1200×630 preview; a picture not imported yet: as it is.
    ...(cover?.avifSrcSet || cover?.webpSrcSet
      ? { image: `/social/${listing.category}/${listing.slug}.jpg`, imageSize: { width: 1200, height: 630 } }
      : { image: cover?.src }),
    type: "article",
  });
};

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const { listing, category, enquiries, jsonLd, similar } = loaderData;
  const sold = listing.status === "sold";
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-8 pb-24 sm:px-8">
      {/* A data block, never executed: the Content-Security-Policy does not apply to it. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Link
        to={`/${category.id}`}
        // 44 px tall to a finger (the padding is taken back by the margin, so the page does not move).
        className="-my-3 inline-flex items-center gap-2 py-3 text-sm text-forest-800 transition-colors hover:text-gold-700"
        data-print="hide"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" strokeWidth={1.5} />
        Back to Listings
      </Link>

      <div className="mt-6 grid gap-12 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0">
          <DeferredGallery photos={listing.photos} title={listing.title} theme={category.id} />

          <header className="mt-10 border-b border-ink/10 pb-8">
            <div className="flex flex-wrap items-center gap-4">
              <p className="eyebrow">{category.name}</p>
              <StatusBadge status={listing.status} />
            </div>
            {/* Staff may type one unbroken word (a pasted link, a part number): it breaks rather than widen the page. */}
            <h1 className="mt-3 font-display text-3xl leading-tight wrap-anywhere text-forest-900 sm:text-5xl">{listing.title}</h1>
            <p className="mt-4 wrap-anywhere text-stone">
              {listing.location}
              {listing.year ? <span aria-hidden="true"> · </span> : null}
              {listing.year ? <span>{listing.year}</span> : null}
            </p>
            {listing.lastVerifiedOn ? (
              <p className="mt-2 text-xs tracking-wide text-stone">
                Details verified with the seller on{" "}
                <time dateTime={listing.lastVerifiedOn}>{utcDate(new Date(`${listing.lastVerifiedOn}T00:00:00Z`), "long")}</time>
              </p>
            ) : null}
            {!sold && listing.price ? <DetailPrice price={listing.price} /> : null}
            <div className="mt-6 flex flex-wrap items-center gap-3" data-print="hide">
              {sold ? (
                <p className="inline-flex border border-forest-900/20 px-6 py-3 text-xs font-medium tracking-[0.2em] text-forest-900 uppercase">
                  Sold
                </p>
              ) : (
                <a href="#enquiry" className="btn-primary">
                  {listing.price ? "Make an Enquiry" : formatPrice(listing.price)}
                </a>
              )}
              <ShortlistHeart listingId={listing.id} title={listing.title} variant="detail" />
              <BrochureLink listing={listing} />
            </div>
          </header>

          <section aria-labelledby="about-heading" className="mt-10">
            <h2 id="about-heading" className="font-display text-2xl text-forest-900">
              About
            </h2>
            <p className="mt-4 text-[1.02rem] leading-relaxed whitespace-pre-line wrap-anywhere text-ink/80">{listing.description}</p>
          </section>

          {listing.specifications.length > 0 && (
            <section aria-labelledby="details-heading" className="mt-12">
              <h2 id="details-heading" className="font-display text-2xl text-forest-900">
                {category.detailHeading}
              </h2>
              <dl className="mt-6 grid gap-x-10 sm:grid-cols-2">
                {listing.specifications.map((spec) => (
                  <div key={spec.label} className="flex justify-between gap-6 border-b border-ink/10 py-3 text-sm">
                    {/* The label keeps its width (up to half the row) and the value wraps, as before; either breaks a word too long for its room. */}
                    <dt className="max-w-1/2 shrink-0 wrap-anywhere text-stone">{spec.label}</dt>
                    <dd className="min-w-0 text-right font-medium wrap-anywhere text-ink">{spec.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          {listing.features.length > 0 && (
            <section aria-labelledby="features-heading" className="mt-12">
              <h2 id="features-heading" className="font-display text-2xl text-forest-900">
                Key Features
              </h2>
              <ul className="mt-6 grid gap-3 sm:grid-cols-2">
                {listing.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-3 text-sm wrap-anywhere text-ink/80">
                    <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-500" strokeWidth={2} />
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        {/* Taller than a laptop screen with the whole form: the card scrolls within itself so its end is always reachable. */}
        <div className="lg:sticky lg:top-28 lg:self-start">
          <SellerCard
            footer={
              root ? (
                <>
                  <DirectContact settings={root.shell} listingTitle={listing.title} listingUrl={`${root.siteUrl}${listingPath(listing)}`} />
                  <DeferredPrintContact settings={root.shell} listingUrl={`${root.siteUrl}${listingPath(listing)}`} />
                </>
              ) : null
            }
          >
            {/* [enquiries] enquiry form; a sold listing takes none */}
            {enquiries ? (
              <DeferredEnquiryForm listingTitle={listing.title} listingPath={listingPath(listing)} intents={category.enquiryIntents} />
            ) : (
              <SoldNotice category={category.id} />
            )}
          </SellerCard>
        </div>
      </div>

      <DeferredSimilarListings similar={similar} category={category} />
    </main>
  );
}

export { ListingErrorBoundary as ErrorBoundary } from "#app/components/listings/listing-error-boundary";
