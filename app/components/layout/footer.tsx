import { Link } from "react-router";
import { CryptoLogos } from "#app/components/ui/crypto-logos";
import { CATEGORY_MENU } from "#app/domain/category-names";
import { socialLinks, telLink, whatsappLink } from "#app/domain/contact-links";
import type { ShellSettings } from "./side-menu";
import { Monogram } from "./top-bar";

export function Footer({ settings }: { settings: ShellSettings }) {
  return (
    <footer className="bg-forest-950 text-ivory/80" data-print="hide">
      <div className="mx-auto grid max-w-7xl gap-12 px-6 py-16 sm:px-8 md:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div>
          <Link to="/" className="flex items-center gap-3 text-ivory">
            <Monogram />
            <span className="font-display text-2xl">{settings.siteName}</span>
          </Link>
          <p className="mt-5 max-w-xs text-sm leading-relaxed text-ivory/65">
            The world's luxury marketplace for digital currency: real estate, supercars, precious metals, yachts and private jets.
          </p>
        </div>
        <nav aria-label="Footer collections">
          <h2 className="eyebrow !font-sans !text-gold-300">Collections</h2>
          <ul className="mt-5 space-y-3 text-sm">
            {CATEGORY_MENU.map((category) => (
              <li key={category.id}>
                <Link to={`/${category.id}`} className="transition-colors hover:text-gold-300">
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="eyebrow !font-sans !text-gold-300">
            Company
          </h2>
          <ul className="mt-5 space-y-3 text-sm">
            <li>
              <Link to="/about" className="transition-colors hover:text-gold-300">
                About Us
              </Link>
            </li>
            <li>
              <Link to="/contact" className="transition-colors hover:text-gold-300">
                Contact Us
              </Link>
            </li>
            <li>
              <a href={`mailto:${settings.contactEmail}`} className="break-all transition-colors hover:text-gold-300">
                {settings.contactEmail}
              </a>
            </li>
            {settings.phone ? (
              <li>
                <a href={telLink(settings.phone)} className="transition-colors hover:text-gold-300">
                  {settings.phone}
                </a>
              </li>
            ) : null}
            {settings.whatsapp ? (
              <li>
                <a href={whatsappLink(settings.whatsapp)!} className="transition-colors hover:text-gold-300">
                  WhatsApp {settings.whatsapp}
                </a>
              </li>
            ) : null}
            {socialLinks(settings).map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer" className="transition-colors hover:text-gold-300">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="eyebrow !font-sans !text-gold-300">We Accept</h2>
          <p className="mt-5 text-sm text-ivory/65">Bitcoin, Ethereum and XRP, alongside traditional settlement.</p>
          <CryptoLogos size={36} className="mt-5" />
        </div>
      </div>
      <div className="border-t border-ivory/10">
        <p className="mx-auto max-w-7xl px-6 py-6 text-xs tracking-wide text-ivory/60 sm:px-8">
          © {new Date().getFullYear()} {settings.companyName} · {settings.companyCountry}
        </p>
      </div>
    </footer>
  );
}
