import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
  useMatches,
  useParams,
  type RouteObject,
} from "react-router";
import type { AppServices } from "#app/services/app-services.server";
import { contextFor } from "./test-services";

/**
 * Framework route modules (app/routes/…) as the routes of a data router, so a test can open a screen the way a
 * browser does: the real loaders and actions, then the HTML the server sends.
 */

/** A route module's screen, given its data the way the framework's generated wrapper does. */
function screen(Component: ComponentType<never>) {
  return function RouteScreen() {
    const props = { loaderData: useLoaderData(), actionData: useActionData(), params: useParams(), matches: useMatches() };
    return createElement(Component, props as never);
  };
}

export function routeOf(id: string, path: string, module: Record<string, unknown>, children?: RouteObject[]): RouteObject {
  return {
    id,
    path,
    loader: module.loader as RouteObject["loader"],
    action: module.action as RouteObject["action"],
    Component: screen(module.default as ComponentType<never>),
    ErrorBoundary: module.ErrorBoundary as RouteObject["ErrorBoundary"],
    children,
  };
}

export type RenderedPage = { status: number; location: string | null; html: string };

/**
 * The answer to a request: a redirect's status and location, or the page's status and HTML (after a POST, the page
 * with the action's answer). The markers React puts between adjacent pieces of text are left out, so sentences read
 * as people see them.
 */
export async function renderPage(routes: RouteObject[], request: Request, services: AppServices): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(request, { requestContext: contextFor(services) });
  if (context instanceof Response) return { status: context.status, location: context.headers.get("location"), html: "" };
  const html = renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }));
  return { status: context.statusCode, location: null, html: html.replaceAll("<!-- -->", "") };
}
