import { useRouteLoaderData } from "react-router";

/** The site's name (the SITE_NAME setting), as the root loader hands it to every page; "" if the root failed. */
export function useSiteName(): string {
  return useRouteLoaderData<{ siteName: string }>("root")?.siteName ?? "";
}

/** "Page | Site name", or the page alone when the name is unknown. */
export function withSiteName(title: string, siteName: string): string {
  return siteName ? `${title} | ${siteName}` : title;
}
