import { Link } from "react-router";
import { CATEGORY_MENU } from "#app/domain/category-names";
import { useSiteName, withSiteName } from "./use-site-name";

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
      <nav aria-label="Collections" className="mt-10 flex flex-wrap justify-center gap-x-6 gap-y-3 text-sm tracking-wide">
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
