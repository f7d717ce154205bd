import { X } from "#app/components/ui/icons/x";
import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import { NavLink } from "react-router";
import { CATEGORY_MENU } from "#app/domain/category-names";
import { telLink, whatsappLink } from "#app/domain/contact-links";
import type { PublicSettings } from "#app/domain/site-settings";
import { Monogram } from "./top-bar";

/** What the public shell shows of the site's settings. */
export type ShellSettings = PublicSettings;

const MENU_LINKS = [
  { to: "/", label: "Home" },
  ...CATEGORY_MENU.map((category) => ({ to: `/${category.id}`, label: category.name })),
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact Us" },
];

/** The browser's own command (HTML invoker commands): the close button works before this code has arrived. */
const CLOSES_MENU_NATIVELY = { command: "close", commandfor: "site-menu" };

const CLOSE_BUTTON_CLASS = "inline-flex h-11 w-11 items-center justify-center rounded-full text-forest-900 hover:bg-forest-900/5";

type SideMenuProps = {
  open: boolean;
  /** The menu was found open when this code arrived: the menu button's own command opened it (see TopBar). */
  onOpen: () => void;
  onClose: () => void;
  settings: ShellSettings;
  /** Where focus returns when the menu closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/**
 * Slide-in menu on a native modal <dialog>: the page behind is inert, Escape closes it,
 * and focus is kept inside while it is open and handed back to the menu button after.
 * Its buttons also carry the browser's own open and close commands, so on a slow phone the menu works at the first
 * press, before the page has hydrated. Without JavaScript the top bar links to #site-menu and CSS shows the same panel
 * (site.css).
 */
export function SideMenu({ open, onOpen, onClose, settings, returnFocusTo }: SideMenuProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const settled = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const firstRun = !settled.current;
    settled.current = true;
    if (open) {
      if (!dialog.open) dialog.showModal();
    } else if (dialog.open && firstRun) {
      // Opened by the browser before this code ran: the state follows the page, rather than closing it on the visitor.
      onOpen();
    } else if (dialog.open) {
      dialog.close();
      returnFocusTo.current?.focus();
    }
  }, [open, onOpen, returnFocusTo]);

  function trapFocus(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab" || !dialogRef.current) return;
    const focusable = dialogRef.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])");
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      id="site-menu"
      aria-label="Menu"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Closed by the browser itself (the close button's command, before this code arrived): the state follows.
      onClose={onClose}
      // A click on the dialog element itself is a click on its backdrop: the panel fills the visible box.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={trapFocus}
      className="side-menu m-0 h-dvh max-h-none w-[20rem] max-w-[86vw] bg-transparent p-0 text-ink backdrop:bg-forest-950/55 backdrop:backdrop-blur-[2px]"
    >
      <div className="flex h-full flex-col bg-ivory shadow-2xl">
        <div className="flex items-center justify-between border-b border-ink/10 px-6 py-5">
          <div className="flex items-center gap-3 text-forest-900">
            <Monogram className="h-7 w-7" />
            <span className="font-display text-xl">Menu</span>
          </div>
          <button type="button" onClick={onClose} {...CLOSES_MENU_NATIVELY} className={`js-only ${CLOSE_BUTTON_CLASS}`}>
            <X aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />
            <span className="sr-only">Close menu</span>
          </button>
          {/* Without JavaScript the panel is open while the URL ends in #site-menu: any other fragment closes it. */}
          <noscript>
            <a href="#menu-closed" className={CLOSE_BUTTON_CLASS}>
              <X aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />
              <span className="sr-only">Close menu</span>
            </a>
          </noscript>
        </div>
        <nav aria-label="Site" className="flex-1 overflow-y-auto px-3 py-4">
          <ul>
            {MENU_LINKS.map((link) => (
              <li key={link.to}>
                {/* NavLink marks the page the visitor is on (aria-current), and a collection's listings under it. */}
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  onClick={onClose}
                  className="block rounded-sm px-3 py-3 font-display text-lg text-forest-900 transition-colors hover:bg-sand hover:text-forest-700 aria-[current=page]:bg-sand/70 aria-[current=page]:text-forest-700"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="menu-contact-heading" className="border-t border-ink/10 bg-sand/60 px-6 py-6 text-sm">
          <h2 id="menu-contact-heading" className="eyebrow !font-sans">
            Contact Information
          </h2>
          <p className="mt-3 font-medium text-forest-900">{settings.companyName}</p>
          <p className="text-stone">{settings.companyCountry}</p>
          <p className="mt-2 text-stone">
            Email:{" "}
            <a href={`mailto:${settings.contactEmail}`} className="text-forest-800 underline decoration-gold-500 underline-offset-4">
              {settings.contactEmail}
            </a>
          </p>
          {settings.phone ? (
            <p className="mt-1 text-stone">
              Phone:{" "}
              <a href={telLink(settings.phone)} className="text-forest-800 underline decoration-gold-500 underline-offset-4">
                {settings.phone}
              </a>
            </p>
          ) : null}
          {settings.whatsapp ? (
            <p className="mt-1 text-stone">
              WhatsApp:{" "}
              <a href={whatsappLink(settings.whatsapp)!} className="text-forest-800 underline decoration-gold-500 underline-offset-4">
                {settings.whatsapp}
              </a>
            </p>
          ) : null}
        </section>
      </div>
    </dialog>
  );
}
