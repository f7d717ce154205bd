import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { DeferredNotFoundScreen, DeferredRouteErrorScreen } from "#app/components/layout/deferred-shell-parts";
import { useSiteName, withSiteName } from "#app/components/layout/use-site-name";

/**
 * Unknown category, or unknown or hidden listing: the category's plain message, with the shell around it.
 * Shared by the category and detail routes from here (not re-exported from the detail route), so the
 * category page's bundle does not pull in the detail page and its enquiry form.
 */
export function ListingErrorBoundary() {
  const error = useRouteError();
  const siteName = useSiteName();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const payload = error.data as { message: string | null; category?: string } | null;
    if (!payload?.message) return <DeferredNotFoundScreen />;
    return (
      <main id="main" className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-6 py-24 text-center">
        <title>{withSiteName(payload.message, siteName)}</title>
        <meta name="robots" content="noindex" />
        <h1 className="font-display text-3xl text-forest-900 sm:text-4xl">{payload.message}</h1>
        <Link to={`/${payload.category}`} className="btn-primary mt-10">
          Back to Listings
        </Link>
      </main>
    );
  }
  // Anything else (a form posted to the page, a failure) keeps the shell too, with the site's screen for it. Rethrowing
  // from a boundary during the server render would break the whole document into a bare 500.
  return <DeferredRouteErrorScreen error={error} />;
}
