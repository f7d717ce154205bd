import { Link } from "react-router";

/** Newer / Older links with "Page N of M"; `href(page)` builds each page's URL (filters kept). */
export function AdminPagination({
  page,
  pages,
  href,
  label = "Pages",
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="text-forest-900 underline underline-offset-4">
          Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="text-forest-900 underline underline-offset-4">
          Older
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
