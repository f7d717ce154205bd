import { ChevronLeft } from "#app/components/ui/icons/chevron-left";
import { ChevronRight } from "#app/components/ui/icons/chevron-right";
import { useRef, useState, type KeyboardEvent, type TouchEvent } from "react";
import { flushSync } from "react-dom";
import { useSearchParams } from "react-router";
import { SmartImage } from "#app/components/media/smart-image";
import type { CategoryId } from "#app/domain/category-ids";
import { photoAlt, type PublicPhoto } from "#app/domain/listing-photos";

const STRIP_SIZE = 4;
const SWIPE_THRESHOLD_PX = 40;

type GalleryProps = { photos: PublicPhoto[]; title: string; theme: CategoryId };

/**
 * Large screens: a main image with wrapping previous/next arrows, a strip of the first 4 thumbnails whose last
 * one is covered by a '+N more' tile (N counts every photo not shown) that expands to all. Small screens: the
 * main image and a 'View All N Photos' toggle. Arrow keys and swipes move the main image.
 *
 * Without JavaScript every control still works: they are buttons of a GET form (?photo=N, ?photos=all), so the
 * page comes back showing that photo, or all of them, scrolled to the gallery. With JavaScript the same buttons
 * change the picture in place and the form is never sent.
 */
export function Gallery({ photos, title, theme }: GalleryProps) {
  const [params] = useSearchParams();
  const count = photos.length;
  const requested = Number.parseInt(params.get("photo") ?? "1", 10);
  const showAll = params.get("photos") === "all";
  const [current, setCurrent] = useState(() => (Number.isFinite(requested) && requested >= 1 && requested <= count ? requested - 1 : 0));
  const [expanded, setExpanded] = useState(showAll);
  const [mobileExpanded, setMobileExpanded] = useState(showAll);
  const touchStart = useRef<number | null>(null);
  const wrap = (index: number) => ((index % count) + count) % count;
  const show = (index: number) => setCurrent(wrap(index));

  function onKeyDown(event: KeyboardEvent) {
    if (count < 2) return;
    if (event.key === "ArrowLeft") show(current - 1);
    else if (event.key === "ArrowRight") show(current + 1);
    else return;
    event.preventDefault();
  }
  function onTouchEnd(event: TouchEvent) {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
    show(end < start ? current + 1 : current - 1);
  }

  // The tile covers the strip's last thumbnail, so it stands for that photo and every one after it.
  const hiddenCount = count - (STRIP_SIZE - 1);
  const thumbnails = expanded || hiddenCount <= 1 ? photos : photos.slice(0, STRIP_SIZE);
  const strip = useRef<HTMLUListElement>(null);
  // The '+N more' tile goes away once used: the thumbnail it covered takes the focus it had.
  const revealStrip = () => {
    flushSync(() => setExpanded(true));
    strip.current?.querySelectorAll<HTMLButtonElement>('button[name="photo"]')[STRIP_SIZE - 1]?.focus();
  };
  const main = photos[current];

  return (
    <section id="gallery" aria-label={`Photos of ${title}`} className="scroll-mt-28">
      <form method="get" action="#gallery" onSubmit={(event) => event.preventDefault()} className="space-y-3">
        <div
          role="group"
          aria-roledescription="gallery"
          aria-label={count ? `Photo ${current + 1} of ${count}` : "No photos yet"}
          tabIndex={count > 1 ? 0 : undefined}
          onKeyDown={onKeyDown}
          onTouchStart={(event) => (touchStart.current = event.touches[0]?.clientX ?? null)}
          onTouchEnd={onTouchEnd}
          className="group relative"
        >
          <SmartImage
            src={main}
            alt={main ? photoAlt(main, title, current, count) : title}
            width={1280}
            height={853}
            sizes="(min-width: 1280px) 820px, (min-width: 1024px) 62vw, 100vw"
            priority
            theme={theme}
            className="aspect-[3/2] w-full"
          />
          {count > 1 && (
            <>
              <button
                type="submit"
                name="photo"
                value={wrap(current - 1) + 1}
                aria-label="Previous photo"
                onClick={() => show(current - 1)}
                className="gallery-arrow left-4"
                data-print="hide"
              >
                <ChevronLeft aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />
              </button>
              <button
                type="submit"
                name="photo"
                value={wrap(current + 1) + 1}
                aria-label="Next photo"
                onClick={() => show(current + 1)}
                className="gallery-arrow right-4"
                data-print="hide"
              >
                <ChevronRight aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />
              </button>
              <p
                aria-hidden="true"
                className="absolute right-4 bottom-4 bg-forest-950/70 px-3 py-1 text-xs tracking-widest text-ivory"
                data-print="hide"
              >
                {current + 1} / {count}
              </p>
            </>
          )}
        </div>

        {count > 1 && (
          <ul ref={strip} className="hidden grid-cols-4 gap-3 lg:grid" data-testid="gallery-strip" data-print="hide">
            {thumbnails.map((photo, index) => {
              const isMoreTile = !expanded && index === STRIP_SIZE - 1 && hiddenCount > 1;
              return (
                <li key={index} className="relative">
                  <button
                    type="submit"
                    name="photo"
                    value={index + 1}
                    onClick={() => show(index)}
                    aria-label={`Show photo ${index + 1}`}
                    aria-current={index === current ? "true" : undefined}
                    className={`block w-full transition-opacity ${index === current ? "ring-2 ring-gold-500 ring-offset-2 ring-offset-ivory" : "opacity-80 hover:opacity-100"}`}
                  >
                    <SmartImage
                      src={photo}
                      alt=""
                      width={320}
                      height={213}
                      sizes="(min-width: 1280px) 200px, 15vw"
                      widths={[240, 320, 480]}
                      theme={theme}
                      className="aspect-[3/2] w-full"
                    />
                  </button>
                  {isMoreTile && (
                    <button
                      type="submit"
                      name="photos"
                      value="all"
                      onClick={revealStrip}
                      className="absolute inset-0 flex items-center justify-center bg-forest-950/70 font-display text-2xl text-ivory transition-colors hover:bg-forest-950/80"
                    >
                      +{hiddenCount} more
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}

        {count > 1 && (
          <div className="lg:hidden" data-print="hide">
            {mobileExpanded && (
              <ul className="space-y-3" aria-label="All photos">
                {photos.slice(1).map((photo, index) => (
                  <li key={index}>
                    <SmartImage
                      src={photo}
                      alt={photoAlt(photo, title, index + 1, count)}
                      width={828}
                      height={552}
                      sizes="100vw"
                      widths={[640, 828, 1080]}
                      theme={theme}
                      className="aspect-[3/2] w-full"
                    />
                  </li>
                ))}
              </ul>
            )}
            <button
              type="submit"
              name="photos"
              value={mobileExpanded ? "" : "all"}
              aria-expanded={mobileExpanded}
              onClick={() => setMobileExpanded((open) => !open)}
              className="mt-3 w-full border border-forest-900/20 py-3 text-xs font-medium tracking-[0.2em] text-forest-900 uppercase transition-colors hover:bg-sand"
            >
              {mobileExpanded ? "Show Fewer Photos" : `View All ${count} Photos`}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
