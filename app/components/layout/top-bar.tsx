import { Heart } from "#app/components/ui/icons/heart";
import { Menu } from "#app/components/ui/icons/menu";
import { forwardRef } from "react";
import { Link, NavLink } from "react-router";
import { CurrencySelect } from "#app/components/pricing/currency-select";
import { useShortlist } from "#app/components/listings/use-shortlist";
import { CATEGORY_MENU } from "#app/domain/category-names";

type TopBarProps = { siteName: string; onOpenMenu: () => void; menuOpen: boolean };

/**
 * The browser's own command on the menu button (HTML invoker commands): the menu opens at the first press even while
 * the page's scripts are still loading on a slow phone, before React has hydrated the button's click handler.
 */
const OPENS_MENU_NATIVELY = { command: "show-modal", commandfor: "site-menu" };

const MENU_BUTTON_CLASS =
  "-ml-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-forest-900 transition-colors hover:bg-forest-900/5";

/** Fixed top bar: menu button, the site name linking home, and the category links on wide screens. */
export const TopBar = forwardRef<HTMLButtonElement, TopBarProps>(function TopBar({ siteName, onOpenMenu, menuOpen }, menuButtonRef) {
  return (
    <header
      className="fixed inset-x-0 top-0 z-40 border-b border-ink/5 bg-ivory/95 backdrop-blur-md supports-[backdrop-filter]:bg-ivory/90"
      data-print="hide"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:h-20 sm:gap-4 sm:px-8">
        <button
          ref={menuButtonRef}
          type="button"
          onClick={onOpenMenu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          {...OPENS_MENU_NATIVELY}
          className={`js-only ${MENU_BUTTON_CLASS}`}
        >
          <Menu aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />
          <span className="sr-only">Open menu</span>
        </button>
        {/* Without JavaScript the button cannot open the dialog: this link shows the same panel (see site.css). */}
        <noscript>
          <a href="#site-menu" className={MENU_BUTTON_CLASS}>
            <Menu aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />
            <span className="sr-only">Open menu</span>
          </a>
        </noscript>
        {/* On a phone the currency and shortlist share the bar: the name stays on one line and the monogram steps aside.
            Without JavaScript the currency choice also needs its Set button, which leaves the name no room: there the
            monogram stands for it, and the name is kept for screen readers (site.css, .currency-set). */}
        <Link to="/" className="flex min-w-0 items-center gap-3 text-forest-900">
          <Monogram className="brand-mark hidden h-8 w-8 shrink-0 sm:block" />
          <span className="brand-name truncate font-display text-lg tracking-wide whitespace-nowrap sm:text-2xl">{siteName}</span>
        </Link>
        <nav aria-label="Collections" className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-8">
            {CATEGORY_MENU.map((category) => (
              <li key={category.id}>
                <NavLink
                  to={`/${category.id}`}
                  className={({ isActive }) =>
                    `relative py-2 text-[0.78rem] font-medium uppercase tracking-[0.2em] transition-colors after:absolute after:inset-x-0 after:-bottom-0.5 after:h-px after:origin-left after:bg-gold-500 after:transition-transform after:duration-300 hover:text-forest-700 hover:after:scale-x-100 ${
                      isActive ? "text-forest-900 after:scale-x-100" : "text-ink/70 after:scale-x-0"
                    }`
                  }
                >
                  {category.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <CurrencySelect className="ml-auto lg:ml-2" />
        <ShortlistLink />
      </div>
    </header>
  );
});

/** The shortlist, with how many listings it holds (changes at once when a heart is clicked). */
function ShortlistLink() {
  const count = useShortlist().size;
  return (
    <NavLink
      to="/shortlist"
      aria-label={count ? `Shortlist, ${count} saved` : "Shortlist"}
      className={({ isActive }) =>
        `relative ml-1 inline-flex h-11 items-center gap-2 rounded-full px-3 text-forest-900 transition-colors hover:bg-forest-900/5 lg:ml-4 ${isActive ? "bg-forest-900/5" : ""}`
      }
    >
      <Heart aria-hidden="true" className={`h-5 w-5 ${count ? "fill-gold-500 text-gold-600" : ""}`} strokeWidth={1.5} />
      <span aria-hidden="true" className="hidden text-[0.78rem] font-medium tracking-[0.2em] uppercase sm:inline">
        Shortlist
      </span>
      {count ? (
        <span aria-hidden="true" className="min-w-5 rounded-full bg-forest-900 px-1.5 text-center text-[0.7rem] leading-5 font-medium text-ivory">
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}

export function Monogram({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <circle cx="20" cy="20" r="19" fill="none" stroke="currentColor" strokeWidth="1" opacity="0.5" />
      <path d="M9 13l4.5 15L20 15l6.5 13L31 13" fill="none" stroke="#b58f47" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
