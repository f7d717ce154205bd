import { MessageCircle } from "#app/components/ui/icons/message-circle";
import { Phone } from "#app/components/ui/icons/phone";
import { telLink, whatsappLink } from "#app/domain/contact-links";
import type { PublicSettings } from "#app/domain/site-settings";

const BUTTON =
  "inline-flex flex-1 items-center justify-center gap-2 border border-forest-900/20 px-4 py-3 text-xs font-medium tracking-[0.16em] text-forest-900 uppercase transition-colors hover:border-gold-500 hover:text-gold-700";

/**
 * Phone and WhatsApp buttons under the enquiry form, each only when Settings has its number. The WhatsApp
 * message starts with the listing's title and address, so the team knows at once which listing it is about.
 */
export function DirectContact({
  settings,
  listingTitle,
  listingUrl,
}: {
  settings: Pick<PublicSettings, "phone" | "whatsapp">;
  listingTitle: string;
  listingUrl: string;
}) {
  const whatsapp = settings.whatsapp ? whatsappLink(settings.whatsapp) : null;
  if (!settings.phone && !whatsapp) return null;
  const greeting = encodeURIComponent(`Hello, I am interested in ${listingTitle}: ${listingUrl}`);
  return (
    <div className="border-t border-ink/10 p-6" data-print="hide">
      <p className="text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase">Prefer to talk?</p>
      <div className="mt-3 flex flex-wrap gap-3">
        {settings.phone ? (
          <a href={telLink(settings.phone)} className={BUTTON} aria-label={`Call ${settings.phone}`}>
            <Phone aria-hidden="true" className="h-4 w-4" strokeWidth={1.5} />
            Call
          </a>
        ) : null}
        {whatsapp ? (
          <a href={`${whatsapp}?text=${greeting}`} className={BUTTON} rel="noopener noreferrer" aria-label={`WhatsApp ${settings.whatsapp}`}>
            <MessageCircle aria-hidden="true" className="h-4 w-4" strokeWidth={1.5} />
            WhatsApp
          </a>
        ) : null}
      </div>
    </div>
  );
}
