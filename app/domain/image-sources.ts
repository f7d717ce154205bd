/**
 * Responsive sources, for our own pictures and for remote ones not imported yet.
 * - Our uploads and imports are served by the media route in AVIF and WebP at fixed widths, with a tiny blurred
 *   placeholder: `imageSourceFrom` turns their stored renditions into srcset strings.
 * - The earlier site's media host resizes on request with `?w=<width>`, which gives a real srcset too.
 */
export const REMOTE_RESIZING_HOSTS = ["image931.wordpress.com"];
export const DEFAULT_WIDTHS = [384, 640, 828, 1080, 1440, 1920];

/** One stored rendition of a picture (the shape models keep in metadata and listing photos). */
export type StoredRendition = { key: string; format: "avif" | "webp"; width: number; height: number; bytes: number };

/** What a page needs to draw a picture: a plain address, our own renditions when there are any, and the placeholder. */
export type ImageSource = {
  src: string;
  width?: number;
  height?: number;
  /** data: URL of a tiny blurred copy, drawn behind the picture while it loads. */
  placeholder?: string;
  /** "url 640w, url 1280w" per format, when the picture is ours. */
  avifSrcSet?: string;
  webpSrcSet?: string;
};

/** The URL path the media route serves a stored object at. */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

export function isOwnImage(src: string): boolean {
  return src.startsWith("/media/");
}

/** The picture as pages draw it, from a stored address plus (for our own copies) its renditions. */
export function imageSourceFrom(stored: {
  src: string;
  width?: number | null;
  height?: number | null;
  placeholder?: string | null;
  variants?: StoredRendition[] | null;
}): ImageSource {
  const srcSet = (format: "avif" | "webp") => {
    const list = (stored.variants ?? []).filter((variant) => variant.format === format).sort((a, b) => a.width - b.width);
    return list.length ? list.map((variant) => `${mediaUrl(variant.key)} ${variant.width}w`).join(", ") : undefined;
  };
  return {
    src: stored.src,
    width: stored.width ?? undefined,
    height: stored.height ?? undefined,
    placeholder: stored.placeholder ?? undefined,
    avifSrcSet: srcSet("avif"),
    webpSrcSet: srcSet("webp"),
  };
}

function resizable(src: string): URL | undefined {
  try {
    const url = new URL(src);
    return REMOTE_RESIZING_HOSTS.includes(url.hostname) ? url : undefined;
  } catch {
    return undefined;
  }
}

export function sizedUrl(src: string, width: number): string {
  const url = resizable(src);
  if (!url) return src;
  url.searchParams.set("w", String(width));
  return url.toString();
}

export function srcSetFor(src: string, widths: number[] = DEFAULT_WIDTHS): string | undefined {
  if (!resizable(src)) return undefined;
  return widths.map((width) => `${sizedUrl(src, width)} ${width}w`).join(", ");
}
