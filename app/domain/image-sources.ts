/**
 * Responsive sources. The earlier site's media host resizes on request with `?w=<width>`,
 * which gives a real srcset; our own uploads are served in fixed variant widths.
 */
export const REMOTE_RESIZING_HOSTS = ["image931.wordpress.com"];
export const DEFAULT_WIDTHS = [384, 640, 828, 1080, 1440, 1920];

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
