import { Clock, Mail } from "lucide-react";
import { CRYPTO_CURRENCIES, CryptoLogos } from "#app/components/ui/crypto-logos";

/** The info side of the Contact page: e-mail card, working hours, accepted cryptocurrencies. */
export function ContactInfo({ email, hours }: { email: string; hours: string }) {
  return (
    <div className="space-y-6">
      <InfoCard icon={<Mail aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />} title="Email Us">
        <a
          href={`mailto:${email}`}
          className="break-all text-forest-800 underline decoration-gold-400/60 underline-offset-4 transition-colors hover:text-gold-700"
        >
          {email}
        </a>
        <p className="mt-1 text-sm text-stone">For enquiries, viewings and partnerships.</p>
      </InfoCard>
      <InfoCard icon={<Clock aria-hidden="true" className="h-5 w-5" strokeWidth={1.5} />} title="Working Hours">
        <p className="text-forest-800">{hours}</p>
        <p className="mt-1 text-sm text-stone">Our concierge answers across every time zone.</p>
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
