import type { MetaDescriptor } from "react-router";

type RootData = { siteUrl: string; siteName: string } | undefined;
type MatchLike = { id: string; loaderData?: unknown } | undefined;

export type PageMetaInput = {
  matches: readonly MatchLike[];
  /** Path plus the query that identifies the page (canonical URLs drop tracking and paging noise). */
  path: string;
  title: string;
  description: string;
  image?: string;
  /** The image's size when known (our 1200×630 listing previews): previews can lay out before fetching it. */
  imageSize?: { width: number; height: number };
  type?: "website" | "article" | "product";
  noindex?: boolean;
};

/** The site's name (the SITE_NAME setting) from the root loader's data; "" when the root failed. */
export function siteNameOf(matches: readonly MatchLike[]): string {
  return (matches.find((match) => match?.id === "root")?.loaderData as RootData)?.siteName ?? "";
}

/** A page's title with the site's name: "Page | Site name" (a title that already names the site is kept). */
export function titleFor(matches: readonly MatchLike[], title: string): string {
  const siteName = siteNameOf(matches);
  return !siteName || title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/**
 * A route's meta when its loader threw (no loader data): nothing. The error boundary's screen names the page itself
 * (a `<title>` and a robots noindex that React 19 hoists into the head, and that know the error: "Car not found",
 * "Page not found", the unexpected-error screen); a title here as well gave the page two titles and two robots tags,
 * and browsers and crawlers take the first one, this generic one.
 */
export function errorPageMeta(): MetaDescriptor[] {
  return [];
}

/** An address for other sites (crawlers, link previews): our own paths get the site's origin. */
export function absoluteUrl(siteUrl: string, src: string): string {
  return src.startsWith("/") ? `${siteUrl}${src}` : src;
}

/** Title, description, canonical URL and Open Graph / Twitter tags for one page. */
export function pageMeta({ matches, path, title, description, image, imageSize, type = "website", noindex }: PageMetaInput): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData;
  const siteUrl = root?.siteUrl ?? "";
  const siteName = siteNameOf(matches);
  const url = `${siteUrl}${path}`;
  const fullTitle = titleFor(matches, title);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) {
    tags.push({ property: "og:image", content: absoluteUrl(siteUrl, image) }, { name: "twitter:image", content: absoluteUrl(siteUrl, image) });
    if (imageSize)
      tags.push({ property: "og:image:width", content: String(imageSize.width) }, { property: "og:image:height", content: String(imageSize.height) });
  }
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
