import { deferredComponent } from "#app/components/deferred-component";

/*
 * The home page's sections below the carousel (a phone's whole first screen), fetched when hydration reaches them instead of with the page (issue 13:
 * every public route within 15 kB gzip of React + React Router alone). The server renders them in full; until their
 * code arrives React keeps that markup, and their links and hearts work as they do without JavaScript.
 */
const sections = () => import("./home-sections");
export const DeferredCategoriesGrid = deferredComponent("categories-grid", () => sections().then((module) => module.CategoriesGrid));
export const DeferredTrendingNow = deferredComponent("trending-now", () => sections().then((module) => module.TrendingNow));
export const DeferredAboutBlurb = deferredComponent("about-blurb", () => sections().then((module) => module.AboutBlurb));
export const DeferredPartners = deferredComponent("partners", () => sections().then((module) => module.Partners));
