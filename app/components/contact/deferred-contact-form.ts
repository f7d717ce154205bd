import { deferredComponent } from "#app/components/deferred-component";

/** The Contact page's form, with its validation (zod, Conform) fetched after the page has hydrated. */
export const DeferredContactForm = deferredComponent("contact-form", () => import("./contact-form").then((module) => module.ContactForm));
