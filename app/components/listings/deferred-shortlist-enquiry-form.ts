import { deferredComponent } from "#app/components/deferred-component";

/** The shortlist's enquiry form, with its validation (zod, Conform) fetched after the page has hydrated. */
export const DeferredShortlistEnquiryForm = deferredComponent("shortlist-enquiry-form", () =>
  import("./shortlist-enquiry-form").then((module) => module.ShortlistEnquiryForm),
);
