import { Building2 } from "#app/components/ui/icons/building-2";
import { CarFront } from "#app/components/ui/icons/car-front";
import { Gem } from "#app/components/ui/icons/gem";
import { Plane } from "#app/components/ui/icons/plane";
import { Sailboat } from "#app/components/ui/icons/sailboat";
import type { Icon } from "#app/components/ui/icons/icon";
import type { preload as PreloadImage } from "react-dom";
import type { CategoryId } from "#app/domain/category-ids";
import { DEFAULT_WIDTHS, sizedUrl, srcSetFor, type ImageSource } from "#app/domain/image-sources";

/** The mark drawn on the designed placeholder of a picture of each category. */
const MARKS: Record<CategoryId, Icon> = {
  "real-estate": Building2,
  cars: CarFront,
  metals: Gem,
  yachts: Sailboat,
  jets: Plane,
};

export type SmartImageProps = {
  /** Our own picture (renditions and placeholder), a plain address, or nothing (the designed placeholder). */
  src: ImageSource | string | undefined;
  alt: string;
  /** Intrinsic size, so the browser reserves the space (no layout shift). */
  width: number;
  height: number;
  sizes: string;
  /**
   * The page's main image (its LCP candidate): preloaded with high priority and loaded eagerly. Everything else is
   * lazy and asks for low priority.
   */
  priority?: boolean;
  /** Widths to ask a resizing remote host for (our own pictures come in their stored widths). */
  widths?: number[];
  /** Chooses the mark drawn on the placeholder. */
  theme?: CategoryId;
  className?: string;
  imgClassName?: string;
};

/**
 * React's preload(), on the server only: there it puts the page's main picture at the top of the document's head.
 * In the browser the <img> is already in the page (or, after a navigation, asks with high priority itself), so
 * the browser bundle does without react-dom's server-side helpers.
 */
let preloadImage: typeof PreloadImage | undefined;
if (import.meta.env.SSR) void import("react-dom").then((reactDom) => (preloadImage = reactDom.preload));

/** Marks a picture that failed (before or after hydration), so the placeholder shows instead of a broken image. */
function watch(img: HTMLImageElement | null) {
  if (img?.complete && img.naturalWidth === 0 && img.currentSrc) img.dataset.state = "error";
}

/**
 * A picture over the designed placeholder (deep green, gold mark) and, for our own pictures, over its blurred
 * copy. The picture is never hidden while it loads: it paints over the placeholder as soon as the browser decodes
 * it, with or without JavaScript. Our own pictures come as AVIF or WebP at the width the layout needs; remote
 * ones from the earlier site's resizing host, and a failed one leaves the placeholder in place.
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
  const image = typeof src === "string" ? { src } : src;
  const own = image && "webpSrcSet" in image && image.webpSrcSet ? image : undefined;
  const fallback = image ? (own ? image.src : sizedUrl(image.src, Math.min(width * 2, 1920))) : undefined;
  const remoteSrcSet = image && !own ? srcSetFor(image.src, widths) : undefined;

  if (preloadImage && priority && image && fallback) {
    // React puts this in the document head while rendering on the server: the browser starts the LCP picture
    // before it even reaches the <img>. A browser without AVIF skips the typed preload and takes the WebP.
    if (own?.avifSrcSet)
      preloadImage(fallback, { as: "image", imageSrcSet: own.avifSrcSet, imageSizes: sizes, fetchPriority: "high", type: "image/avif" });
    else preloadImage(fallback, { as: "image", imageSrcSet: own?.webpSrcSet ?? remoteSrcSet, imageSizes: sizes, fetchPriority: "high" });
  }

  const img = image ? (
    <img
      key={image.src}
      ref={watch}
      src={fallback}
      srcSet={own ? own.webpSrcSet : remoteSrcSet}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      // The main picture takes the browser's defaults (eager, decoded as it paints): no attribute to send.
      loading={priority ? undefined : "lazy"}
      // Low, not the default: Chrome raises a picture to high priority once it is on the screen, and on a short page
      // (one result on a phone) the card's picture then shares the main one's bandwidth: Lighthouse's LCP on
      // /real-estate?bedrooms=5 moved between 1.38 and 1.55 s with the default, and stayed at 1.45-1.48 s with low.
      fetchPriority={priority ? "high" : "low"}
      decoding={priority ? undefined : "async"}
      onError={(event) => (event.currentTarget.dataset.state = "error")}
      className={imgClassName}
    />
  ) : null;

  return (
    <div className={`image-frame ${className}`}>
      <span className="image-mark">{Mark ? <Mark aria-hidden="true" className="h-10 w-10" strokeWidth={1} /> : <WordMark />}</span>
      {/* An image, not a background in a style attribute, which the CSP refuses (docs/decisions/0032-no-inline-styles.md). */}
      {own?.placeholder ? <img aria-hidden="true" alt="" src={own.placeholder} className="image-blur" /> : null}
      {own && img ? (
        <picture key={image?.src}>
          {own.avifSrcSet ? <source type="image/avif" srcSet={own.avifSrcSet} sizes={sizes} /> : null}
          {img}
        </picture>
      ) : (
        (img ?? (alt && <span className="sr-only">{alt}</span>))
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
