import { useSiteName } from "#app/components/layout/use-site-name";
import { SectionHeading } from "#app/components/ui/section-heading";
import { SmartImage } from "#app/components/media/smart-image";
import { LEADERS } from "#app/domain/home";
import type { ImageSource } from "#app/domain/image-sources";

type Leader = (typeof LEADERS)[number];
type LeadershipProps = {
  content: Record<Leader["bioKey"], string>;
  photos: Record<Leader["photoKey"], ImageSource | undefined>;
};

/** 'Our Leadership': the founder and the chief executive officer, shown on Home and About. */
export function Leadership({ content, photos }: LeadershipProps) {
  const siteName = useSiteName();
  return (
    <section aria-labelledby="leadership-heading" className="mx-auto max-w-6xl px-6 py-24 sm:px-8">
      <SectionHeading id="leadership-heading" eyebrow={`The people behind ${siteName}`} title="Our Leadership" align="center" />
      <div className="mt-16 grid gap-14 md:grid-cols-2 md:gap-12">
        {LEADERS.map((leader) => (
          <article key={leader.name} className="grid items-start gap-6 sm:grid-cols-[10rem_1fr] sm:gap-8">
            <SmartImage
              src={photos[leader.photoKey]}
              alt={`Portrait of ${leader.name}`}
              width={320}
              height={427}
              sizes="(min-width: 640px) 160px, 192px"
              widths={[240, 320, 480]}
              className="aspect-[3/4] w-48 sm:w-full"
            />
            <div>
              <h3 className="font-display text-2xl text-forest-900">{leader.name}</h3>
              <p className="mt-1 text-xs font-medium uppercase tracking-[0.2em] text-gold-700">{leader.title}</p>
              <p className="mt-4 whitespace-pre-line text-[0.95rem] leading-relaxed text-stone">{content[leader.bioKey]}</p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
