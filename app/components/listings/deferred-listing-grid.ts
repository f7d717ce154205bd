import { deferredComponent } from "#app/components/deferred-component";

/**
 * A category page's results, fetched when hydration reaches them instead of with the page (issue 13: every public
 * route within 15 kB gzip of React + React Router alone; the cards, prices and hearts are about 3.5 kB of it). The
 * server renders the cards in full, photos included; until their code arrives React keeps that markup, a card is a
 * plain link and a heart a plain form, as without JavaScript.
 */
export const DeferredListingGrid = deferredComponent("listing-grid", () => import("./listing-grid").then((module) => module.ListingGrid));
