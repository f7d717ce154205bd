import { deferredComponent } from "#app/components/deferred-component";

/**
 * The shortlist's share link. The server renders it in full (the link works without JavaScript); its Copy button
 * comes with its code, fetched after the page has hydrated, which keeps the page's first load within the issue 13
 * budget (15 kB gzip over React and React Router alone).
 */
export const DeferredShareLink = deferredComponent("share-link", () => import("./share-link").then((module) => module.ShareLink));
