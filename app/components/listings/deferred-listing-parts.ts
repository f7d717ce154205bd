import { deferredComponent } from "#app/components/deferred-component";

/*
 * Parts of the detail page fetched when hydration reaches them instead of with the page (issue 13: every public route
 * within 15 kB gzip of React + React Router alone). The server renders them in full; until their code arrives React
 * keeps that markup, and they work as they do without JavaScript.
 */

/** The gallery: its main photo is in the HTML; its buttons are a GET form (?photo=N) until its code arrives. */
export const DeferredGallery = deferredComponent("gallery", () => import("./gallery").then((module) => module.Gallery));

/** Similar listings, at the foot of the page. */
export const DeferredSimilarListings = deferredComponent("similar-listings", () =>
  import("./similar-listings").then((module) => module.SimilarListings),
);

/** The contact block only a printed page shows. */
export const DeferredPrintContact = deferredComponent("print-contact", () => import("./print-contact").then((module) => module.PrintContact));
