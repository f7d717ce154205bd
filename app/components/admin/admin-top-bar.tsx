import { Bell, LogOut } from "lucide-react";
import { Form, Link } from "react-router";
import { useLiveEnquiries } from "./live-enquiries";

/**
 * The admin top bar: site name plus 'Admin' linking to /, the bell with the number of enquiries nobody has
 * opened yet (links to the enquiries; live, see live-enquiries.tsx; only for roles that work enquiries), and
 * Logout, a real POST form so it works without JavaScript.
 */
export function AdminTopBar({ siteName, userEmail }: { siteName: string; userEmail: string }) {
  const { unopened } = useLiveEnquiries();
  const bellLabel = unopened === 0 ? "Enquiries: none unopened" : `Enquiries: ${unopened} unopened`;
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-4 border-b border-gold-500/20 bg-forest-950 px-4 text-ivory sm:px-8">
      {/* One line on a phone too: Logout shows only its icon there, so the whole name fits; on a narrower screen the name gives way (cut short) first. */}
      <Link to="/" className="flex min-w-0 items-baseline gap-3">
        <span className="truncate font-display text-lg tracking-wide whitespace-nowrap sm:text-xl">{siteName}</span>
        <span className="shrink-0 text-[0.68rem] font-medium tracking-[0.3em] text-gold-300 uppercase">Admin</span>
      </Link>
      <div className="ml-auto flex items-center gap-2 sm:gap-4">
        <Link
          to="/edit/account"
          className="hidden text-xs text-ivory/60 underline-offset-4 hover:text-ivory hover:underline md:inline"
          title="Your account"
        >
          {userEmail}
        </Link>
        {unopened === null ? null : (
          <Link
            to="/edit/enquiries"
            aria-label={bellLabel}
            title={bellLabel}
            className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ivory/85 transition-colors duration-200 hover:bg-ivory/10 hover:text-ivory"
          >
            <Bell aria-hidden className="h-5 w-5" strokeWidth={1.5} />
            {unopened > 0 ? (
              <span
                data-testid="bell-count"
                className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-400 px-1 text-[0.68rem] font-semibold text-forest-950"
              >
                {unopened > 99 ? "99+" : unopened}
              </span>
            ) : null}
          </Link>
        )}
        <Form method="post" action="/sign-out">
          <button
            type="submit"
            className="inline-flex h-10 min-w-10 items-center justify-center gap-2 border border-gold-300/40 px-2.5 text-[0.72rem] sm:px-4 font-medium tracking-[0.18em] text-gold-200 uppercase transition-colors duration-200 hover:bg-gold-300 hover:text-forest-950"
          >
            <LogOut aria-hidden className="h-4 w-4" strokeWidth={1.5} />
            <span className="max-sm:sr-only">Logout</span>
          </button>
        </Form>
      </div>
    </header>
  );
}
