import { isRouteErrorResponse, Link } from "react-router";
import { CATEGORY_MENU } from "#app/domain/category-names";
import { useSiteName, withSiteName } from "./use-site-name";

/**
 * The screen for an error a boundary caught: 404 is the designed not-found page; any other 4xx is the client's side of
 * things (not signed in, not allowed, a form sent to a page that takes none) and says so; only a failure of ours (5xx,
 * or a thrown error) is the fallback's "Unexpected Application Error!". Every boundary shows it deferred
 * (DeferredRouteErrorScreen): most pages never show an error, and every public page's first load would carry it.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) return <RefusedRequestScreen status={error.status} refusal={error} />;
  // The server logged it already (entry.server's handleError); the browser's console gets it here.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return <UnexpectedErrorScreen />;
}

/** The designed 404 page, for unknown URLs anywhere on the site. */
export function NotFoundScreen() {
  const siteName = useSiteName();
  return (
    <main id="main" className="flex min-h-[80vh] flex-col items-center justify-center bg-forest-950 px-6 py-24 text-center text-ivory">
      <title>{withSiteName("Page not found", siteName)}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow !text-gold-300">Error 404</p>
      <h1 className="mt-6 font-display text-4xl sm:text-6xl">This page is not in our collection</h1>
      <p className="mt-6 max-w-lg text-base leading-relaxed text-ivory/75">
        The address may have changed, or the listing may have found its new owner. Our collections are a click away.
      </p>
      <nav aria-label="Browse collections" className="mt-10 flex flex-wrap justify-center gap-x-6 gap-y-3 text-sm tracking-wide">
        {CATEGORY_MENU.map((category) => (
          <Link key={category.id} to={`/${category.id}`} className="text-gold-200 underline-offset-8 hover:underline">
            {category.name}
          </Link>
        ))}
      </nav>
      <Link to="/" className="btn-outline-light mt-12">
        Return home
      </Link>
    </main>
  );
}

/**
 * A request the site understood and refused (a 4xx other than 404: not signed in, not allowed, a form sent where none is
 * taken, a request it could not read): the client's side of things, so it says what happened and what to do, in the
 * 404 page's look, instead of the fallback's "went wrong on our side". The message, when given, is the answer's own
 * (written for people by the loader or action that refused).
 */
export function RefusedRequestScreen({ status, refusal }: { status: number; refusal: { data: unknown; internal?: boolean } }) {
  const siteName = useSiteName();
  const copy = refusalCopy(status, refusalMessage(refusal));
  return (
    <main id="main" className="flex min-h-[80vh] flex-col items-center justify-center bg-forest-950 px-6 py-24 text-center text-ivory">
      <title>{withSiteName(copy.title, siteName)}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow !text-gold-300">{`Error ${status}`}</p>
      <h1 className="mt-6 font-display text-4xl sm:text-6xl">{copy.title}</h1>
      <p className="mt-6 max-w-lg text-base leading-relaxed text-ivory/75">{copy.intro}</p>
      <div className="mt-12 flex flex-wrap justify-center gap-4">
        {status === 401 ? (
          <Link to="/sign-in" className="btn-outline-light">
            Sign in
          </Link>
        ) : null}
        <Link to="/" className="btn-outline-light">
          Return home
        </Link>
      </div>
    </main>
  );
}

/**
 * The refusal's own message, as our loaders and actions write them for people: a string, `{ message }` or `{ error }`
 * (the JSON answers of services/auth.server.ts). React Router's internal refusals carry its own wording (route ids,
 * module names): never shown.
 */
export function refusalMessage(error: { data: unknown; internal?: boolean }): string | null {
  if (error.internal) return null;
  const { data } = error;
  if (typeof data === "string") return data || null;
  if (!data || typeof data !== "object") return null;
  for (const key of ["message", "error"] as const) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === "string" && value) return value;
  }
  return null;
}

/** The title and sentence of a refused request, by its status; the admin shell's panel says the same. */
export function refusalCopy(status: number, message: string | null): { title: string; intro: string } {
  switch (status) {
    case 400:
      return { title: "This request could not be read", intro: message ?? "Please go back to the page and try again." };
    case 401:
      return { title: "Please sign in", intro: message ?? "This part of the site is for signed-in staff." };
    case 403:
      return { title: "Not allowed", intro: message ?? "You do not have access to this page." };
    case 405:
      return {
        title: "This page does not accept forms",
        intro: "It can be viewed, but nothing can be sent to it. Please open the page and continue from there.",
      };
    default:
      return { title: "This request could not be completed", intro: message ?? "Please go back to the page and try again." };
  }
}

/** The fallback for anything unexpected (spec point 8): titled 'Unexpected Application Error!'. */
export function UnexpectedErrorScreen() {
  const siteName = useSiteName();
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center bg-ivory px-6 py-24 text-center">
      <title>{withSiteName("Unexpected Application Error!", siteName)}</title>
      <h1 className="font-display text-3xl text-forest-900 sm:text-5xl">Unexpected Application Error!</h1>
      <p className="mt-6 max-w-lg text-stone">
        Something went wrong on our side. Please reload the page. If it happens again, write to us and we will look into it.
      </p>
      <a href="/" className="btn-primary mt-10">
        Return home
      </a>
    </main>
  );
}
