import type { Route } from "./+types/home";
import { HeroCarousel, type CarouselSlide } from "#app/components/home/hero-carousel";
import { fetchWithRouteAfterHydration } from "#app/components/deferred-component";
import { DeferredAboutBlurb, DeferredCategoriesGrid, DeferredPartners, DeferredTrendingNow } from "#app/components/home/deferred-home-sections";
import { DeferredLeadership } from "#app/components/home/deferred-leadership";
import { servicesContext } from "#app/db/context";
import { CRYPTO_SLIDE } from "#app/domain/home";
import { pageMeta, siteNameOf } from "#app/domain/seo";
import { useSiteName } from "#app/components/layout/use-site-name";
import { HOME_CONTENT_KEYS, HOME_IMAGE_KEYS } from "#app/domain/site-content";
import { readContent } from "#app/models/content-blocks.server";
import { readContentImages } from "#app/models/content-images.server";
import { homeCarousel, trendingNow } from "#app/models/listings-home.server";

fetchWithRouteAfterHydration(DeferredCategoriesGrid, DeferredTrendingNow, DeferredAboutBlurb, DeferredPartners, DeferredLeadership);

/** Trending Now follows views, which change without a listings notice: recomputed at most this often. */
const HOME_LISTINGS_TTL_MS = 60_000;

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [content, images, listings] = await Promise.all([
    readContent(services, HOME_CONTENT_KEYS),
    readContentImages(services, HOME_IMAGE_KEYS),
    // Dropped at once by any listings change on any process: hiding a promoted listing takes it off the home page.
    services.listingsCache.remember("home", HOME_LISTINGS_TTL_MS, async () => ({
      carousel: await homeCarousel(services.db),
      trending: await trendingNow(services.db),
    })),
  ]);
  const slides: CarouselSlide[] = [
    { ...CRYPTO_SLIDE, eyebrow: services.env.SITE_NAME, image: images[CRYPTO_SLIDE.imageKey] },
    ...listings.carousel.map((item) => ({
      title: item.title,
      subtitle: item.location,
      path: item.path,
      eyebrow: item.categoryName,
      image: item.image,
    })),
  ];
  return { content, images, slides, trending: listings.trending };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    matches,
    path: "/",
    title: `${siteNameOf(matches)} - The World's Luxury Marketplace`,
    description:
      "Real estate, supercars, precious metals, yachts and private jets from the world's most prestigious sellers, with payment in Bitcoin, Ethereum and XRP.",
    image: loaderData?.slides[1]?.image?.src ?? loaderData?.slides[0]?.image?.src,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { content, images, slides, trending } = loaderData;
  const siteName = useSiteName();
  return (
    <main id="main">
      <h1 className="sr-only">{`${siteName}, the world's luxury marketplace for digital currency`}</h1>
      <HeroCarousel slides={slides} />
      <DeferredCategoriesGrid images={images} />
      <DeferredTrendingNow items={trending} />
      <DeferredAboutBlurb
        intro={content["home-about-intro"]}
        globalReach={content["home-feature-global-reach"]}
        verified={content["home-feature-verified-listings"]}
        premium={content["home-feature-premium-service"]}
      />
      <DeferredPartners images={images} />
      <DeferredLeadership content={content} photos={images} />
    </main>
  );
}
