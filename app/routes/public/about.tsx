import { Gem } from "#app/components/ui/icons/gem";
import { Target } from "#app/components/ui/icons/target";
import { Users } from "#app/components/ui/icons/users";
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { fetchWithRouteAfterHydration } from "#app/components/deferred-component";
import { DeferredLeadership } from "#app/components/home/deferred-leadership";
import { CryptoLogos } from "#app/components/ui/crypto-logos";
import { SectionHeading } from "#app/components/ui/section-heading";
import { SmartImage } from "#app/components/media/smart-image";
import { servicesContext } from "#app/db/context";
import { pageMeta, siteNameOf } from "#app/domain/seo";
import { useSiteName } from "#app/components/layout/use-site-name";
import { ABOUT_CONTENT_KEYS, ABOUT_IMAGE_KEYS } from "#app/domain/site-content";
import { readContent } from "#app/models/content-blocks.server";
import { readContentImages } from "#app/models/content-images.server";

fetchWithRouteAfterHydration(DeferredLeadership);

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [content, images] = await Promise.all([readContent(services, ABOUT_CONTENT_KEYS), readContentImages(services, ABOUT_IMAGE_KEYS)]);
  return { content, images };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/about",
    title: "About Us",
    description: `${siteNameOf(matches)} connects discerning buyers with the world's finest real estate, cars, metals, yachts and jets, with payment in digital currency.`,
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { content, images } = loaderData;
  const siteName = useSiteName();
  const values = [
    { title: "Vision", text: content["about-value-vision"], Icon: Target },
    { title: "Excellence", text: content["about-value-excellence"], Icon: Gem },
    { title: "Relationships", text: content["about-value-relationships"], Icon: Users },
  ];
  return (
    <main id="main">
      <section className="relative overflow-hidden bg-forest-950 text-ivory">
        <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(80%_60%_at_80%_0%,rgb(36_112_90/0.45),transparent_70%)]" />
        <div className="relative mx-auto max-w-5xl px-6 py-24 text-center sm:px-8 sm:py-32">
          <p className="eyebrow !text-gold-300">Our story</p>
          <h1 className="mt-5 font-display text-4xl leading-tight sm:text-6xl">{`About ${siteName}`}</h1>
          <p className="mx-auto mt-8 max-w-3xl whitespace-pre-line text-lg leading-relaxed text-ivory/80">{content["about-intro"]}</p>
          <p className="mx-auto mt-4 max-w-3xl whitespace-pre-line leading-relaxed text-ivory/65">{content["about-intro-secondary"]}</p>
          <CryptoLogos size={48} className="mt-10 justify-center gap-6" />
        </div>
      </section>

      <section aria-labelledby="values-heading" className="mx-auto max-w-7xl px-6 py-24 sm:px-8">
        <SectionHeading id="values-heading" eyebrow="What guides us" title="Our Values" align="center" />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {values.map(({ title, text, Icon }) => (
            <li key={title} className="border border-ink/10 bg-white/60 p-10 text-center">
              <Icon aria-hidden="true" className="mx-auto h-8 w-8 text-gold-500" strokeWidth={1.25} />
              <h3 className="mt-6 font-display text-2xl text-forest-900">{title}</h3>
              <p className="mt-3 whitespace-pre-line leading-relaxed text-stone">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="mission-heading" className="bg-sand/70">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-6 py-24 sm:px-8 lg:grid-cols-2">
          <div>
            <SectionHeading id="mission-heading" eyebrow="Why we exist" title="Our Mission" />
            <p className="mt-8 whitespace-pre-line text-lg leading-relaxed text-stone">{content["about-mission"]}</p>
          </div>
          <SmartImage
            src={images["about-mission-image"]}
            alt=""
            width={960}
            height={640}
            sizes="(min-width: 1024px) 50vw, 100vw"
            theme="real-estate"
            className="aspect-[3/2] w-full"
          />
        </div>
      </section>

      <DeferredLeadership content={content} photos={images} />

      <section className="bg-forest-900 text-ivory">
        <div className="mx-auto max-w-4xl px-6 py-20 text-center sm:px-8">
          <h2 className="font-display text-3xl sm:text-5xl">{`Experience Luxury with ${siteName}`}</h2>
          <p className="mx-auto mt-6 max-w-2xl text-ivory/75">
            Whether you are acquiring or presenting an exceptional asset, our concierge is ready to help.
          </p>
          <Link to="/contact" className="btn-outline-light mt-10">
            Contact Us
          </Link>
        </div>
      </section>
    </main>
  );
}
