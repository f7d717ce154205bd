import { ChevronLeft } from "#app/components/ui/icons/chevron-left";
import { ChevronRight } from "#app/components/ui/icons/chevron-right";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { SmartImage } from "#app/components/media/smart-image";
import { useIdleAfterLoad } from "#app/components/use-idle-after-load";
import { CAROUSEL_INTERVAL_MS } from "#app/domain/home";
import type { ImageSource } from "#app/domain/image-sources";

/** One slide: the crypto slide first, then the listings staff put on the carousel. */
export type CarouselSlide = { title: string; subtitle: string; path: string; eyebrow: string; image: ImageSource | undefined };

function prefersReducedMotion() {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Full-screen carousel. It advances every 4 s until the visitor clicks an arrow or a dot; from then
 * on it is manual for good. It pauses while hovered or focused, and never moves by itself for
 * visitors who prefer reduced motion.
 */
export function HeroCarousel({ slides }: { slides: CarouselSlide[] }) {
  const [current, setCurrent] = useState(0);
  const [manual, setManual] = useState(false);
  const [paused, setPaused] = useState(false);
  const [seen, setSeen] = useState<number[]>([0]);
  const fetchAhead = useIdleAfterLoad();
  if (!seen.includes(current)) setSeen([...seen, current]);
  const count = slides.length;

  useEffect(() => {
    if (manual || paused || count < 2 || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setCurrent((index) => (index + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [manual, paused, count]);

  function choose(index: number) {
    setManual(true);
    setCurrent(((index % count) + count) % count);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      data-auto-advance={manual ? "stopped" : "running"}
      className="relative h-[calc(100svh-4rem)] min-h-[32rem] overflow-hidden bg-forest-950 sm:h-[calc(100svh-5rem)]"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <div aria-live={manual ? "polite" : "off"}>
        {slides.map((slide, index) => {
          const active = index === current;
          // Only the current and the next slide fetch their picture; the others wait their turn, so the first slide's
          // image does not share the connection with three hidden ones. The server's page names the first slide's
          // picture alone: without JavaScript the other slides never show, and with it the next one is fetched once
          // the page has loaded and is idle, well before the first advance. (Fetching it as hydration ended put a
          // re-render of every slide, and the start of that download, into hydration's last task: 26-77 ms in profiled
          // traces on a slow machine, which Lighthouse counts as blocking.)
          const imageWanted = active || seen.includes(index) || (fetchAhead && index === (current + 1) % count);
          return (
            <div
              key={slide.path}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!active}
              inert={!active}
              className={`absolute inset-0 transition-opacity duration-1000 ease-out ${active ? "opacity-100" : "opacity-0"}`}
            >
              <Link to={slide.path} className="group block h-full w-full focus-visible:-outline-offset-8" tabIndex={active ? 0 : -1}>
                <SmartImage
                  src={imageWanted ? slide.image : undefined}
                  alt=""
                  width={1920}
                  height={1080}
                  sizes="100vw"
                  priority={index === 0}
                  className="absolute inset-0 h-full w-full"
                  imgClassName={`transition-transform duration-[6000ms] ease-out ${active ? "scale-105" : "scale-100"}`}
                />
                <div className="absolute inset-0 bg-gradient-to-t from-forest-950/85 via-forest-950/25 to-forest-950/10" />
                <div className="absolute inset-x-0 bottom-0 mx-auto max-w-7xl px-6 pb-28 sm:px-8 sm:pb-32">
                  <p className="eyebrow !text-gold-300">{slide.eyebrow}</p>
                  <h2 className="mt-4 max-w-3xl font-display text-4xl leading-[1.1] text-ivory sm:text-6xl lg:text-7xl">{slide.title}</h2>
                  <p className="mt-4 text-base text-ivory/80 sm:text-lg">{slide.subtitle}</p>
                  <span className="mt-8 inline-flex items-center gap-3 text-xs uppercase tracking-[0.25em] text-gold-200">
                    Discover
                    <span className="h-px w-10 bg-gold-300 transition-all duration-300 group-hover:w-16" />
                  </span>
                </div>
              </Link>
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-8 mx-auto flex max-w-7xl items-center justify-between px-6 sm:px-8">
          <div className="flex items-center gap-1" role="group" aria-label="Choose slide">
            {slides.map((slide, index) => (
              <button
                key={slide.path}
                type="button"
                aria-label={`Slide ${index + 1}: ${slide.title}`}
                aria-current={index === current ? "true" : undefined}
                onClick={() => choose(index)}
                className="group flex h-11 items-center px-1.5"
              >
                <span
                  className={`block h-0.5 transition-all duration-500 ${index === current ? "w-10 bg-gold-300" : "w-5 bg-ivory/50 group-hover:bg-ivory"}`}
                />
              </button>
            ))}
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              aria-label="Previous slide"
              onClick={() => choose(current - 1)}
              className="flex h-11 w-11 items-center justify-center rounded-full border border-ivory/30 text-ivory transition-colors hover:border-gold-300 hover:text-gold-300"
            >
              <ChevronLeft aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />
            </button>
            <button
              type="button"
              aria-label="Next slide"
              onClick={() => choose(current + 1)}
              className="flex h-11 w-11 items-center justify-center rounded-full border border-ivory/30 text-ivory transition-colors hover:border-gold-300 hover:text-gold-300"
            >
              <ChevronRight aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
