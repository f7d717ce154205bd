import type { Route } from "./+types/home";
import { HeroCarousel } from "#app/components/home/hero-carousel";
import { AboutBlurb, CategoriesGrid, Partners, TrendingNow } from "#app/components/home/home-sections";
import { Leadership } from "#app/components/home/leadership";
import { servicesContext } from "#app/db/context";
import { HOME_SLIDES } from "#app/domain/home";
import { pageMeta } from "#app/domain/seo";
import { HOME_CONTENT_KEYS } from "#app/domain/site-content";
import { readContent } from "#app/models/content-blocks.server";

export async function loader({ context }: Route.LoaderArgs) {
  return { content: await readContent(context.get(servicesContext), HOME_CONTENT_KEYS) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/",
    title: "White Streams - The World's Luxury Marketplace",
    description:
      "Real estate, supercars, precious metals, yachts and private jets from the world's most prestigious sellers, with payment in Bitcoin, Ethereum and XRP.",
    image: HOME_SLIDES[1].image,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <main id="main">
      <h1 className="sr-only">White Streams, the world's luxury marketplace for digital currency</h1>
      <HeroCarousel />
      <CategoriesGrid />
      <TrendingNow />
      <AboutBlurb
        intro={content["home-about-intro"]}
        globalReach={content["home-feature-global-reach"]}
        verified={content["home-feature-verified-listings"]}
        premium={content["home-feature-premium-service"]}
      />
      <Partners />
      <Leadership content={content} />
    </main>
  );
}
