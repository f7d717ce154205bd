import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type TouchEvent } from "react";
import { SmartImage } from "#app/components/media/smart-image";
import type { CategoryId } from "#app/domain/category-ids";

const STRIP_SIZE = 4;
const SWIPE_THRESHOLD_PX = 40;

type GalleryProps = { images: string[]; title: string; theme: CategoryId };

/**
 * Large screens: a main image with wrapping previous/next arrows, a strip of the first 4 thumbnails and a
 * '+N more' tile that expands to all. Small screens: the main image and a 'View All N Photos' toggle.
 * Arrow keys and swipes move the main image.
 */
export function Gallery({ images, title, theme }: GalleryProps) {
  const [current, setCurrent] = useState(0);
  const [expanded, setExpanded] = useState(false);
  const [mobileExpanded, setMobileExpanded] = useState(false);
  const touchStart = useRef<number | null>(null);
  const count = images.length;
  const show = (index: number) => setCurrent(((index % count) + count) % count);

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

  const thumbnails = expanded ? images : images.slice(0, STRIP_SIZE);
  const hiddenCount = count - STRIP_SIZE;

  return (
    <section aria-label={`Photos of ${title}`} className="space-y-3">
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
          src={images[current]}
          alt={count ? `${title}, photo ${current + 1} of ${count}` : title}
          width={1280}
          height={853}
          sizes="(min-width: 1024px) 60vw, 100vw"
          priority={current === 0}
          theme={theme}
          className="aspect-[3/2] w-full"
        />
        {count > 1 && (
          <>
            <button type="button" aria-label="Previous photo" onClick={() => show(current - 1)} className="gallery-arrow left-4">
              <ChevronLeft aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />
            </button>
            <button type="button" aria-label="Next photo" onClick={() => show(current + 1)} className="gallery-arrow right-4">
              <ChevronRight aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />
            </button>
            <p aria-hidden="true" className="absolute bottom-4 right-4 bg-forest-950/70 px-3 py-1 text-xs tracking-widest text-ivory">
              {current + 1} / {count}
            </p>
          </>
        )}
      </div>

      {count > 1 && (
        <ul className="hidden grid-cols-4 gap-3 lg:grid" data-testid="gallery-strip">
          {thumbnails.map((image, index) => {
            const isMoreTile = !expanded && index === STRIP_SIZE - 1 && hiddenCount > 0;
            return (
              <li key={image} className="relative">
                <button
                  type="button"
                  onClick={() => show(index)}
                  aria-label={`Show photo ${index + 1}`}
                  aria-current={index === current ? "true" : undefined}
                  className={`block w-full transition-opacity ${index === current ? "ring-2 ring-gold-500 ring-offset-2 ring-offset-ivory" : "opacity-80 hover:opacity-100"}`}
                >
                  <SmartImage
                    src={image}
                    alt=""
                    width={320}
                    height={213}
                    sizes="15vw"
                    widths={[240, 320, 480]}
                    theme={theme}
                    className="aspect-[3/2] w-full"
                  />
                </button>
                {isMoreTile && (
                  <button
                    type="button"
                    onClick={() => setExpanded(true)}
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
        <div className="lg:hidden">
          {mobileExpanded && (
            <ul className="space-y-3" aria-label="All photos">
              {images.slice(1).map((image, index) => (
                <li key={image}>
                  <SmartImage
                    src={image}
                    alt={`${title}, photo ${index + 2} of ${count}`}
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
            type="button"
            aria-expanded={mobileExpanded}
            onClick={() => setMobileExpanded((open) => !open)}
            className="mt-3 w-full border border-forest-900/20 py-3 text-xs font-medium uppercase tracking-[0.2em] text-forest-900 transition-colors hover:bg-sand"
          >
            {mobileExpanded ? "Show Fewer Photos" : `View All ${count} Photos`}
          </button>
        </div>
      )}
    </section>
  );
}
