import { Link } from "react-router";
import type { CategoryId } from "#app/domain/category-ids";

/** In place of the enquiry form on a sold listing: it stays on the site for reference, and the concierge helps further. */
export function SoldNotice({ category }: { category: CategoryId }) {
  return (
    <div className="space-y-4">
      <h2 className="font-display text-xl text-forest-900">This listing has been sold</h2>
      <p className="text-sm leading-relaxed text-stone">
        It stays here for reference. Our concierge can find you something similar, often before it is listed.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/contact" className="btn-primary">
          Contact our concierge
        </Link>
        <Link to={`/${category}`} className="inline-flex items-center px-2 text-sm text-forest-800 underline decoration-gold-500 underline-offset-4">
          See available listings
        </Link>
      </div>
    </div>
  );
}
