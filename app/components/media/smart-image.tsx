import { Building2, CarFront, Gem, Plane, Sailboat } from "lucide-react";
import type { CategoryId } from "#app/domain/category-ids";
import { DEFAULT_WIDTHS, sizedUrl, srcSetFor } from "#app/domain/image-sources";

const MARKS: Record<CategoryId, typeof Gem> = {
  "real-estate": Building2,
  cars: CarFront,
  metals: Gem,
  yachts: Sailboat,
  jets: Plane,
};

export type SmartImageProps = {
  src: string | undefined;
  alt: string;
  /** Intrinsic size, so the browser reserves the space (no layout shift). */
  width: number;
  height: number;
  sizes: string;
  /** The page's main image: loaded eagerly with high priority. Everything else is lazy. */
  priority?: boolean;
  widths?: number[];
  /** Chooses the mark drawn on the placeholder. */
  theme?: CategoryId;
  className?: string;
  imgClassName?: string;
};

/** Marks the image loaded or failed; runs for images that finished before hydration too. */
function watch(img: HTMLImageElement | null) {
  if (!img) return;
  if (img.complete) img.dataset.state = img.naturalWidth > 0 ? "loaded" : "error";
}

/**
 * An image over the designed placeholder (deep green, gold mark). The placeholder shows while the
 * image loads and stays when it fails; the image fades in once loaded.
 */
export function SmartImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority,
  widths = DEFAULT_WIDTHS,
  theme,
  className = "",
  imgClassName = "",
}: SmartImageProps) {
  const Mark = theme ? MARKS[theme] : undefined;
  return (
    <div className={`image-frame ${className}`}>
      <span className="image-mark">{Mark ? <Mark aria-hidden="true" className="h-10 w-10" strokeWidth={1} /> : <WordMark />}</span>
      {src ? (
        <img
          key={src}
          ref={watch}
          src={sizedUrl(src, Math.min(width * 2, 1920))}
          srcSet={srcSetFor(src, widths)}
          sizes={sizes}
          alt={alt}
          width={width}
          height={height}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding={priority ? "auto" : "async"}
          onLoad={(event) => (event.currentTarget.dataset.state = "loaded")}
          onError={(event) => (event.currentTarget.dataset.state = "error")}
          className={imgClassName}
        />
      ) : (
        alt && <span className="sr-only">{alt}</span>
      )}
    </div>
  );
}

function WordMark() {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className="h-12 w-12">
      <circle cx="20" cy="20" r="19" fill="none" stroke="currentColor" strokeWidth="0.8" />
      <path d="M9 13l4.5 15L20 15l6.5 13L31 13" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
