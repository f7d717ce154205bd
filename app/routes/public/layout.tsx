import { useRef, useState } from "react";
import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Footer } from "#app/components/layout/footer";
import { SideMenu } from "#app/components/layout/side-menu";
import { TopBar } from "#app/components/layout/top-bar";
import { servicesContext } from "#app/db/context";
import { publicSettings } from "#app/services/settings.server";

/** The site's settings (/edit/settings) for the menu's contact block and the footer; held in memory, same on every process. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, settings } = context.get(servicesContext);
  return { settings: publicSettings(env, await settings.current()) };
}

/** The public shell: top bar, side menu, page, footer. */
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:bg-forest-900 focus:px-4 focus:py-2 focus:text-ivory"
      >
        Skip to content
      </a>
      <TopBar ref={menuButtonRef} siteName={settings.siteName} menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} settings={settings} returnFocusTo={menuButtonRef} />
      <div className="pt-16 sm:pt-20">
        <Outlet />
      </div>
      <Footer settings={settings} />
    </>
  );
}
