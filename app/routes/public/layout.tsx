import { useCallback, useRef, useState, type ReactNode } from "react";
import { Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { DeferredFooter, DeferredRouteErrorScreen, DeferredSideMenu } from "#app/components/layout/deferred-shell-parts";
import type { ShellSettings } from "#app/components/layout/side-menu";
import { TopBar } from "#app/components/layout/top-bar";
import type { loader as rootLoader } from "#app/root";
import { sharedPageHeaders } from "#app/routes/shared-page-headers";
import type { Route } from "./+types/layout";

/** The shell's settings come from the root loader, which runs for every page and every error. */
function useShellSettings(): ShellSettings | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.shell;
}

/** A public page a visitor without personal cookies asks for may be shared (and cached) with others like them. */
export const middleware: Route.MiddlewareFunction[] = [sharedPageHeaders];

/** The public shell: top bar, side menu, page, footer. */
export default function PublicLayout() {
  const settings = useShellSettings();
  if (!settings) throw new Error("The root loader did not provide the shell settings.");
  return (
    <PublicShell settings={settings}>
      <Outlet />
    </PublicShell>
  );
}

/**
 * An error in any public page (an unknown address, a request the page cannot answer, a failure) is shown
 * inside the shell, so visitors keep the menu and the footer. Only when the shell itself could not load
 * does the root's bare screen take over.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const settings = useShellSettings();
  const screen = <DeferredRouteErrorScreen error={error} />;
  return settings ? <PublicShell settings={settings}>{screen}</PublicShell> : screen;
}

function PublicShell({ settings, children }: { settings: ShellSettings; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // The browser opens the menu at the press (the button's own command, TopBar), scripts or not. The state follows once
  // the menu's code is there (fetched as the page hydrates): it then hydrates the menu as it is, instead of replacing a
  // menu still waiting for it, and a menu opened before hydration tells the state so (onOpen).
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuOpenedByBrowser = useCallback(() => setMenuOpen(true), []);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:bg-forest-900 focus:px-4 focus:py-2 focus:text-ivory"
      >
        Skip to content
      </a>
      <TopBar
        ref={menuButtonRef}
        siteName={settings.siteName}
        menuOpen={menuOpen}
        onOpenMenu={() => void DeferredSideMenu.preload().then(() => setMenuOpen(true))}
      />
      <DeferredSideMenu
        open={menuOpen}
        onOpen={menuOpenedByBrowser}
        onClose={() => setMenuOpen(false)}
        settings={settings}
        returnFocusTo={menuButtonRef}
      />
      <div className="pt-16 sm:pt-20 print:pt-0">{children}</div>
      <DeferredFooter settings={settings} />
    </>
  );
}
