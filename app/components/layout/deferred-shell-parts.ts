import { deferredComponent } from "#app/components/deferred-component";

/*
 * The parts of the public shell a visitor does not use in the first moments, fetched when hydration reaches them
 * instead of with the page (issue 13: every public route within 15 kB gzip of React + React Router alone). The server
 * renders them in full, so the page looks finished and works without JavaScript; until their code arrives React keeps
 * the server's markup, and its links work as plain links.
 */

/** The side menu: a closed dialog until the menu button is pressed (a press before its code arrives opens it then). */
export const DeferredSideMenu = deferredComponent("side-menu", () => import("./side-menu").then((module) => module.SideMenu));

/** The footer, at the bottom of every page. */
export const DeferredFooter = deferredComponent("footer", () => import("./footer").then((module) => module.Footer));

/** The 404 screen, and the chooser of every error boundary's screen (404, refusals, failures): most pages never show them. */
export const DeferredNotFoundScreen = deferredComponent("not-found-screen", () => import("./error-screens").then((module) => module.NotFoundScreen));
export const DeferredRouteErrorScreen = deferredComponent("error-screen", () => import("./error-screens").then((module) => module.RouteErrorScreen));
