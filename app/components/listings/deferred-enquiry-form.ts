import { deferredComponent } from "#app/components/deferred-component";

/** The detail page's enquiry form, with its validation (zod, Conform) fetched after the page has hydrated. */
export const DeferredEnquiryForm = deferredComponent("enquiry-form", () => import("./enquiry-form").then((module) => module.EnquiryForm));
