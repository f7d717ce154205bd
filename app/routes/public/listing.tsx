import { ArrowLeft, Check } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/listing";
import { Gallery } from "#app/components/listings/gallery";
import { EnquiryForm } from "#app/components/listings/enquiry-form";
import { SellerCard } from "#app/components/listings/seller-card";
import { SoldNotice } from "#app/components/listings/sold-notice";
import { StatusBadge } from "#app/components/listings/status-badge";
import { servicesContext } from "#app/db/context";
import { CATEGORIES } from "#app/domain/categories";
import { isCategoryId } from "#app/domain/category-ids";
import { formatPrice } from "#app/domain/listing-price";
import { listingPath } from "#app/domain/listing-slug";
import { takesEnquiries } from "#app/domain/listing-status";
import { pageMeta, titleFor } from "#app/domain/seo";
import { findPublicListing, toDetailData } from "#app/models/listings.server";
import { resolveClientIp } from "#app/services/client-ip.server";
import { enquiryAction } from "#app/services/enquiry-action.server";
import { isCountableRequest } from "#app/services/view-recorder.server";

// Fixed locale and time zone, so the server's HTML and the browser's render agree.
const verifiedFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

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
  // Counted after the page is answered, in batches: no cookie, nothing personal kept, bots ignored.
  if (isCountableRequest(request)) {
    services.views.record({
      listingId: listing.id,
      clientIp: resolveClientIp({ request, contextIp: services.clientIp, trustProxy: services.env.TRUST_PROXY }),
      userAgent: request.headers.get("user-agent") ?? "",
    });
  }
  return { listing: toDetailData(listing), category, enquiries: takesEnquiries(listing) };
}

/** [enquiries] The enquiry form posts here, with or without JavaScript; the route params name the listing. */
export async function action(args: Route.ActionArgs) {
  return enquiryAction(args);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: titleFor(matches, "Not found") }, { name: "robots", content: "noindex" }];
  const { listing, category } = loaderData;
  const summary = listing.description.replace(/\s+/g, " ").trim();
  return pageMeta({
    matches,
    path: listingPath(listing),
    title: `${listing.title} | ${category.title}`,
    description: summary.length > 160 ? `${summary.slice(0, 157).trimEnd()}…` : summary || `${listing.title}, ${listing.location}`,
    image: listing.photos[0]?.src,
    type: "article",
  });
};

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const { listing, category, enquiries } = loaderData;
  const sold = listing.status === "sold";
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-8 pb-24 sm:px-8">
      <Link to={`/${category.id}`} className="inline-flex items-center gap-2 text-sm text-forest-800 transition-colors hover:text-gold-700">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" strokeWidth={1.5} />
        Back to Listings
      </Link>

      <div className="mt-6 grid gap-12 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0">
          <Gallery photos={listing.photos} title={listing.title} theme={category.id} />

          <header className="mt-10 border-b border-ink/10 pb-8">
            <div className="flex flex-wrap items-center gap-4">
              <p className="eyebrow">{category.name}</p>
              <StatusBadge status={listing.status} />
            </div>
            <h1 className="mt-3 font-display text-3xl leading-tight text-forest-900 sm:text-5xl">{listing.title}</h1>
            <p className="mt-4 text-stone">
              {listing.location}
              {listing.year ? <span aria-hidden="true"> · </span> : null}
              {listing.year ? <span>{listing.year}</span> : null}
            </p>
            {listing.lastVerifiedOn ? (
              <p className="mt-2 text-xs tracking-wide text-stone">
                Details verified with the seller on{" "}
                <time dateTime={listing.lastVerifiedOn}>{verifiedFormat.format(new Date(`${listing.lastVerifiedOn}T00:00:00Z`))}</time>
              </p>
            ) : null}
            {sold ? (
              <p className="mt-6 inline-flex border border-forest-900/20 px-6 py-3 text-xs font-medium tracking-[0.2em] text-forest-900 uppercase">
                Sold
              </p>
            ) : (
              <a href="#enquiry" className="btn-primary mt-6">
                {formatPrice(listing.price)}
              </a>
            )}
          </header>

          <section aria-labelledby="about-heading" className="mt-10">
            <h2 id="about-heading" className="font-display text-2xl text-forest-900">
              About
            </h2>
            <p className="mt-4 text-[1.02rem] leading-relaxed whitespace-pre-line text-ink/80">{listing.description}</p>
          </section>

          {listing.specifications.length > 0 && (
            <section aria-labelledby="details-heading" className="mt-12">
              <h2 id="details-heading" className="font-display text-2xl text-forest-900">
                {category.detailHeading}
              </h2>
              <dl className="mt-6 grid gap-x-10 sm:grid-cols-2">
                {listing.specifications.map((spec) => (
                  <div key={spec.label} className="flex justify-between gap-6 border-b border-ink/10 py-3 text-sm">
                    <dt className="text-stone">{spec.label}</dt>
                    <dd className="text-right font-medium text-ink">{spec.value}</dd>
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
                  <li key={feature} className="flex items-start gap-3 text-sm text-ink/80">
                    <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-500" strokeWidth={2} />
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <div className="lg:sticky lg:top-28 lg:self-start">
          <SellerCard>
            {/* [enquiries] enquiry form; a sold listing takes none */}
            {enquiries ? <EnquiryForm listingTitle={listing.title} listingPath={listingPath(listing)} /> : <SoldNotice category={category.id} />}
          </SellerCard>
        </div>
      </div>
    </main>
  );
}

export { ListingErrorBoundary as ErrorBoundary } from "#app/components/listings/listing-error-boundary";
