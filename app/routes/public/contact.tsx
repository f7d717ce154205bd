import type { Route } from "./+types/contact";
import { fetchWithRouteAfterHydration } from "#app/components/deferred-component";
import { DeferredContactForm } from "#app/components/contact/deferred-contact-form";
import { ContactInfo } from "#app/components/contact/contact-info";
import { servicesContext } from "#app/db/context";
import { pageMeta, siteNameOf } from "#app/domain/seo";
import { CONTACT_CONTENT_KEYS } from "#app/domain/site-content";
import { readContent } from "#app/models/content-blocks.server";
import { contactAction, enquiryRouteHeaders } from "#app/services/enquiry-action.server";
import { publicSettings } from "#app/services/settings.server";

fetchWithRouteAfterHydration(DeferredContactForm);

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [content, settings] = await Promise.all([readContent(services, CONTACT_CONTENT_KEYS), services.settings.current()]);
  return { content, settings: publicSettings(services.env, settings) };
}

/** The form posts here, with or without JavaScript. */
export function action({ request, context }: Route.ActionArgs) {
  return contactAction({ request, context });
}

export const headers = enquiryRouteHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/contact",
    title: "Contact Us",
    description: `Send ${siteNameOf(matches)} a message about real estate, cars, metals, yachts or private jets. Our concierge replies personally, 24/7.`,
  });

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { content, settings } = loaderData;
  return (
    <main id="main">
      <section className="relative overflow-hidden bg-forest-950 text-ivory">
        <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(70%_60%_at_15%_0%,rgb(36_112_90/0.5),transparent_70%)]" />
        <div className="relative mx-auto max-w-4xl px-6 py-20 text-center sm:px-8 sm:py-28">
          <p className="eyebrow !text-gold-300">Concierge</p>
          <h1 className="mt-5 font-display text-4xl leading-tight sm:text-6xl">Contact Us</h1>
          <span className="rule-gold mx-auto mt-8" />
          <p className="mx-auto mt-8 max-w-2xl whitespace-pre-line text-lg leading-relaxed text-ivory/80">{content["contact-intro"]}</p>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-12 px-6 py-20 sm:px-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-16 lg:py-24">
        <section
          aria-labelledby="message-heading"
          className="border border-ink/10 bg-white/60 p-6 shadow-[0_24px_70px_-40px_rgb(8_34_26/0.45)] sm:p-10"
        >
          <p className="eyebrow">Write to us</p>
          <h2 id="message-heading" className="mt-3 font-display text-3xl text-forest-900 sm:text-4xl">
            Send Us a Message
          </h2>
          <span className="rule-gold mt-6" />
          <div className="mt-10">
            <DeferredContactForm labelledBy="message-heading" />
          </div>
        </section>
        <ContactInfo settings={settings} />
      </div>
    </main>
  );
}
