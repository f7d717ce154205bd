import { Award } from "#app/components/ui/icons/award";
import { Globe2 } from "#app/components/ui/icons/globe-2";
import { ShieldCheck } from "#app/components/ui/icons/shield-check";
import { Link } from "react-router";
import { useSiteName } from "#app/components/layout/use-site-name";
import { SectionHeading } from "#app/components/ui/section-heading";
import { ShortlistHeart } from "#app/components/listings/shortlist-heart";
import { StatusBadge } from "#app/components/listings/status-badge";
import { SmartImage } from "#app/components/media/smart-image";
import { CardPrice } from "#app/components/pricing/price-tag";
import { CATEGORY_TILES, PARTNERS, type HomeListing } from "#app/domain/home";
import type { ImageSource } from "#app/domain/image-sources";

type Images = Record<string, ImageSource | undefined>;

export function CategoriesGrid({ images }: { images: Images }) {
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-6 py-24 sm:px-8">
      <SectionHeading id="categories-heading" eyebrow="Collections" title="Categories" />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        {CATEGORY_TILES.map((tile, index) => (
          <li key={tile.path} className={index < 2 ? "lg:col-span-3" : "lg:col-span-2"}>
            <Link to={tile.path} className={`group relative block overflow-hidden ${index < 2 ? "aspect-[4/3] lg:aspect-[16/9]" : "aspect-[4/3]"}`}>
              <SmartImage
                src={images[tile.imageKey]}
                alt=""
                width={640}
                height={480}
                // The tile's real width (the section's 1.5 rem padding on a phone): a 412 px phone at 1.75x then takes
                // the 640 px picture, not the 960.
                sizes={
                  index < 2
                    ? "(min-width: 1280px) 608px, (min-width: 640px) 50vw, calc(100vw - 3rem)"
                    : "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, calc(100vw - 3rem)"
                }
                widths={[384, 640, 828]}
                theme={tile.theme}
                className="absolute inset-0 h-full w-full"
                imgClassName="transition-transform duration-700 ease-out group-hover:scale-105"
              />
              <div className="absolute inset-0 bg-gradient-to-t from-forest-950/80 via-forest-950/10 to-transparent" />
              <div className="absolute inset-x-0 bottom-0 flex items-end justify-between p-6">
                <h3 className="font-display text-2xl text-ivory sm:text-3xl">{tile.name}</h3>
                <span
                  aria-hidden="true"
                  className="text-xs tracking-[0.25em] text-gold-200 uppercase opacity-80 transition-opacity group-hover:opacity-100"
                >
                  Explore
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Most viewed this week": computed from real views, with the staff picks filling any place left. Each card says
 * what a listing card says of its price (the amount, its BTC/ETH/XRP equivalents and the rates' time) and carries
 * the shortlist heart; the title's link covers the card, so the heart stays a separate control.
 */
export function TrendingNow({ items }: { items: HomeListing[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="trending-heading" className="bg-sand/70">
      <div className="mx-auto max-w-7xl px-6 py-24 sm:px-8">
        <SectionHeading id="trending-heading" eyebrow="Most viewed this week" title="Trending Now" />
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {items.map((item) => (
            <li key={item.path}>
              <article className="group relative" data-testid="trending-card">
                <div className="relative overflow-hidden">
                  <SmartImage
                    src={item.image}
                    alt=""
                    width={640}
                    height={480}
                    sizes="(min-width: 1280px) 400px, (min-width: 768px) 33vw, 100vw"
                    widths={[384, 640, 828]}
                    theme={item.category}
                    className="aspect-[4/3] w-full"
                    imgClassName="transition-transform duration-700 ease-out group-hover:scale-105"
                  />
                  <StatusBadge status={item.status} className="absolute top-3 left-3 z-10" />
                  <ShortlistHeart listingId={item.id} title={item.title} variant="card" />
                </div>
                <p className="mt-5 text-xs font-medium tracking-[0.2em] text-gold-700 uppercase">{item.categoryName}</p>
                <h3 className="mt-2 font-display text-2xl text-forest-900 transition-colors group-hover:text-forest-700">
                  <Link
                    to={item.path}
                    className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-solid focus-visible:after:-outline-offset-4 focus-visible:after:outline-gold-500"
                  >
                    {item.title}
                  </Link>
                </h3>
                <CardPrice price={item.price} />
                <p className="mt-1 text-sm text-stone">{item.location}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

type AboutBlurbProps = { intro: string; globalReach: string; verified: string; premium: string };

export function AboutBlurb({ intro, globalReach, verified, premium }: AboutBlurbProps) {
  const siteName = useSiteName();
  const features = [
    { title: "Global Reach", text: globalReach, Icon: Globe2 },
    { title: "Verified Listings", text: verified, Icon: ShieldCheck },
    { title: "Premium Service", text: premium, Icon: Award },
  ];
  return (
    <section aria-labelledby="about-blurb-heading" className="bg-forest-950 text-ivory">
      <div className="mx-auto max-w-7xl px-6 py-24 sm:px-8">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:items-end">
          <SectionHeading id="about-blurb-heading" eyebrow="About" title={`About ${siteName}`} tone="dark" />
          <p className="whitespace-pre-line text-lg leading-relaxed text-ivory/75">{intro}</p>
        </div>
        <ul className="mt-16 grid gap-px overflow-hidden bg-ivory/10 md:grid-cols-3">
          {features.map(({ title, text, Icon }) => (
            <li key={title} className="bg-forest-950 p-8 sm:p-10">
              <Icon aria-hidden="true" className="h-7 w-7 text-gold-300" strokeWidth={1.25} />
              <h3 className="mt-6 font-display text-2xl">{title}</h3>
              <p className="mt-3 whitespace-pre-line leading-relaxed text-ivory/70">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Partners({ images }: { images: Images }) {
  return (
    <section aria-labelledby="partners-heading" className="border-b border-ink/5">
      <div className="mx-auto max-w-6xl px-6 py-20 sm:px-8">
        <SectionHeading id="partners-heading" eyebrow="In good company" title="Our Partners" align="center" />
        <ul className="mt-12 grid grid-cols-3 items-center gap-6 sm:gap-12">
          {PARTNERS.map((partner) => (
            <li key={partner.name} className="flex flex-col items-center gap-3">
              <SmartImage
                src={images[partner.logoKey]}
                // The partner's name is printed right below: the logo adds nothing for screen readers.
                alt=""
                width={240}
                height={120}
                sizes="(min-width: 640px) 240px, 30vw"
                widths={[240, 480]}
                className="aspect-[2/1] w-full max-w-[15rem] !bg-none !bg-transparent [&>.image-mark]:text-forest-900/20"
                imgClassName="object-contain"
              />
              <span className="text-xs tracking-[0.2em] text-stone uppercase">{partner.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
