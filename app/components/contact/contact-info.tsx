import { Clock } from "#app/components/ui/icons/clock";
import { Mail } from "#app/components/ui/icons/mail";
import { MessageCircle } from "#app/components/ui/icons/message-circle";
import { Phone } from "#app/components/ui/icons/phone";
import { CRYPTO_CURRENCIES, CryptoLogos } from "#app/components/ui/crypto-logos";
import { socialLinks, telLink, whatsappLink } from "#app/domain/contact-links";
import type { PublicSettings } from "#app/domain/site-settings";

const LINK = "break-all text-forest-800 underline decoration-gold-400/60 underline-offset-4 transition-colors hover:text-gold-700";

/** The info side of the Contact page: e-mail, phone and WhatsApp (when set), working hours, social links, cryptocurrencies. */
export function ContactInfo({ settings }: { settings: PublicSettings }) {
  const social = socialLinks(settings);
  return (
    <div className="space-y-6">
      <InfoCard icon={<Mail aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />} title="Email Us">
        <a href={`mailto:${settings.contactEmail}`} className={LINK}>
          {settings.contactEmail}
        </a>
        <p className="mt-1 text-sm text-stone">For enquiries, viewings and partnerships.</p>
      </InfoCard>
      {settings.phone || settings.whatsapp ? (
        <InfoCard icon={<Phone aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />} title="Call Us">
          {settings.phone ? (
            <p>
              <a href={telLink(settings.phone)} className={LINK}>
                {settings.phone}
              </a>
            </p>
          ) : null}
          {settings.whatsapp ? (
            <p className="mt-1 flex items-center gap-2">
              <MessageCircle aria-hidden="true" className="h-4 w-4 text-gold-700" strokeWidth={1.5} />
              <a href={whatsappLink(settings.whatsapp)!} className={LINK}>
                WhatsApp {settings.whatsapp}
              </a>
            </p>
          ) : null}
        </InfoCard>
      ) : null}
      <InfoCard icon={<Clock aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />} title="Working Hours">
        <p className="text-forest-800">{settings.workingHours}</p>
        <p className="mt-1 text-sm text-stone">Our concierge answers across every time zone.</p>
        {social.length ? (
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Follow us">
            {social.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer" className={LINK}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </InfoCard>
      <section aria-labelledby="crypto-heading" className="bg-forest-950 p-8 text-ivory">
        <p className="eyebrow !text-gold-300">Settlement</p>
        <h2 id="crypto-heading" className="mt-3 font-display text-2xl">
          We Accept Cryptocurrency
        </h2>
        <p className="mt-3 text-sm leading-relaxed text-ivory/70">
          Settle in{" "}
          {CRYPTO_CURRENCIES.map((currency) => currency.name)
            .join(", ")
            .replace(/, ([^,]*)$/, " or $1")}
          , with the same assurance as a traditional purchase.
        </p>
        <CryptoLogos size={40} className="mt-6 gap-5" />
      </section>
    </div>
  );
}

function InfoCard({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-5 border border-ink/10 bg-white/70 p-7 sm:flex-row">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-gold-400/60 text-gold-700">{icon}</span>
      <div>
        <h2 className="font-display text-xl text-forest-900">{title}</h2>
        <div className="mt-2">{children}</div>
      </div>
    </section>
  );
}
