import { ArrowLeft, Check } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/listing";
import { Gallery } from "#app/components/listings/gallery";
import { EnquiryForm } from "#app/components/listings/enquiry-form";
import { SellerCard } from "#app/components/listings/seller-card";
import { servicesContext } from "#app/db/context";
import { CATEGORIES } from "#app/domain/categories";
import { isCategoryId } from "#app/domain/category-ids";
import { pageMeta } from "#app/domain/seo";
import { findVisibleListing } from "#app/models/listings.server";
import { enquiryAction } from "#app/services/enquiry-action.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isCategoryId(params.category)) throw data({ message: null }, { status: 404 });
  const category = CATEGORIES[params.category];
  const { db } = context.get(servicesContext);
  const listing = await findVisibleListing(db, category.id, params.id);
  // Unknown and hidden listings answer alike: a hidden listing is never reachable.
  if (!listing) throw data({ message: category.notFound, category: category.id }, { status: 404 });
  return { listing, category };
}

/** [enquiries] The enquiry form posts here, with or without JavaScript. */
export async function action(args: Route.ActionArgs) {
  return enquiryAction(args);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  if (!loaderData) return [{ title: "Not found | White Streams" }, { name: "robots", content: "noindex" }];
  const { listing, category } = loaderData;
  const summary = listing.description.replace(/\s+/g, " ").trim();
  return pageMeta({
    matches,
    path: `/${params.category}/${params.id}`,
    title: `${listing.title} | ${category.title}`,
    description: summary.length > 160 ? `${summary.slice(0, 157).trimEnd()}…` : summary || `${listing.title}, ${listing.location}`,
    image: listing.images[0],
    type: "article",
  });
};

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const { listing, category } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pb-24 pt-8 sm:px-8">
      <Link to={`/${category.id}`} className="inline-flex items-center gap-2 text-sm text-forest-800 transition-colors hover:text-gold-700">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" strokeWidth={1.5} />
        Back to Listings
      </Link>

      <div className="mt-6 grid gap-12 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0">
          <Gallery images={listing.images} title={listing.title} theme={category.id} />

          <header className="mt-10 border-b border-ink/10 pb-8">
            <p className="eyebrow">{category.name}</p>
            <h1 className="mt-3 font-display text-3xl leading-tight text-forest-900 sm:text-5xl">{listing.title}</h1>
            <p className="mt-4 text-stone">
              {listing.location}
              {listing.year ? <span aria-hidden="true"> · </span> : null}
              {listing.year ? <span>{listing.year}</span> : null}
            </p>
            <a href="#enquiry" className="btn-primary mt-6">
              {listing.price ?? "Price On Request"}
            </a>
          </header>

          <section aria-labelledby="about-heading" className="mt-10">
            <h2 id="about-heading" className="font-display text-2xl text-forest-900">
              About
            </h2>
            <p className="mt-4 whitespace-pre-line text-[1.02rem] leading-relaxed text-ink/80">{listing.description}</p>
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
            {/* [enquiries] enquiry form */}
            <EnquiryForm listingTitle={listing.title} listingPath={`/${category.id}/${listing.id}`} />
          </SellerCard>
        </div>
      </div>
    </main>
  );
}

export { ListingErrorBoundary as ErrorBoundary } from "#app/components/listings/listing-error-boundary";
