import { fetchText } from "./common";

/** How many distinct pictures a page names: ours (the media route) and remote ones (their addresses). */
export type PageImages = { route: string; own: number; remote: string[] };

/** Every image address in the page's <img>, <source> and image preloads (src, srcset, imagesrcset). */
function imageAddresses(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(?:img|source|link)\b[^>]*>/gi) ?? []) {
    if (tag.startsWith("<link") && !/\bas=["']image["']/i.test(tag)) continue;
    for (const [, name, value] of tag.matchAll(/\b(src|srcset|imagesrcset|href)=["']([^"']*)["']/gi)) {
      if (name!.toLowerCase() === "href" && !tag.startsWith("<link")) continue;
      for (const candidate of value!.split(",")) {
        const address = candidate.trim().split(/\s+/)[0];
        if (address && !address.startsWith("data:")) found.push(address.replace(/&amp;/g, "&"));
      }
    }
  }
  return found;
}

/**
 * Checks that a measured page draws only our own pictures (the media route's renditions), so the Lighthouse
 * figures include real photo downloads from this server and not a remote host that fails fast.
 */
export async function checkPageImages(origin: string, route: string): Promise<PageImages> {
  const { status, text } = await fetchText(`${origin}${route}`);
  if (status !== 200) throw new Error(`${route} answered ${status}`);
  const addresses = imageAddresses(text);
  // A picture is one folder of renditions (/media/imports/<id>/640.avif …) or one remote address whatever its ?w=.
  const own = new Set(addresses.filter((address) => address.startsWith("/media/")).map((address) => address.replace(/\/[^/]*$/, "")));
  const remote = new Set(
    addresses.filter((address) => /^(https?:)?\/\//i.test(address) && !address.startsWith(origin)).map((address) => address.replace(/\?.*$/, "")),
  );
  return { route, own: own.size, remote: [...remote] };
}
