// First: before any schema is built in the browser (see the module).
import "#app/domain/zod-without-eval";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { useNonce } from "#app/components/nonce-provider";
import { DeferredRouteErrorScreen } from "#app/components/layout/deferred-shell-parts";
import { servicesContext } from "#app/db/context";
import { currencyFromCookie, type Pricing } from "#app/domain/price-conversion";
import { privateNoStore } from "#app/routes/private-no-store";
import { publicSettings } from "#app/services/settings.server";
import { readShortlist } from "#app/services/shortlist.server";
import interFont from "./fonts/inter-latin-core-wght-400-600.woff2?url";
import displayFont from "./fonts/display-latin-core-400-normal.woff2?url";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
  // The two faces every page paints first (their core parts: app/fonts.css): fetched alongside the stylesheet, not after it.
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export const middleware: Route.MiddlewareFunction[] = [privateNoStore];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { env, settings, rates } = context.get(servicesContext);
  // Every price on every page: the visitor's currency (a cookie a page cache keys on) and the shared rates.
  const pricing: Pricing = { currency: currencyFromCookie(request.headers.get("cookie")), rates: await rates.current() };
  return {
    siteUrl: env.siteUrl,
    siteName: env.SITE_NAME,
    // What the public shell shows (the site's settings, /edit/settings; held in memory, same on every process).
    // Loaded here, above every error boundary, so an error page keeps the shell even when the error came from an
    // action (React Router then skips the loaders of the boundary's route).
    shell: publicSettings(env, await settings.current()),
    pricing,
    // The listing ids in the visitor's ws_shortlist cookie (hearts, the top bar's count); empty without the cookie,
    // so a page rendered for a visitor without it holds nothing of anyone's (docs/decisions/0027).
    shortlist: await readShortlist(request),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d3326" />
        {/* Marks the document as scripted before first paint, so image fade-ins never hide images from no-JS visitors. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-ivory text-ink">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page live once React has hydrated it (the scripts wait for the first paint): browser tests wait for it.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return <Outlet />;
}

/**
 * Errors no route below shows in a shell (a sign-in form refused, a form posted to the home page, a failure of the
 * root loader): the same screens, on their own.
 */
export function ErrorBoundary() {
  return <DeferredRouteErrorScreen error={useRouteError()} />;
}
