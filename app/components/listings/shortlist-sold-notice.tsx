import { Link } from "react-router";

/** In place of the shortlist's enquiry form when every listing on it has been sold: nothing is left to enquire about. */
export function ShortlistSoldNotice() {
  return (
    <div className="space-y-4">
      <h2 className="font-display text-2xl text-forest-900">Enquire about your shortlist</h2>
      <p className="text-sm leading-relaxed text-stone">
        Every listing on your shortlist has been sold. They stay here for reference; our concierge can find you something similar, often before it is
        listed.
      </p>
      <Link to="/contact" className="btn-primary">
        Contact our concierge
      </Link>
    </div>
  );
}
