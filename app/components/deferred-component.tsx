import { createElement, Suspense, use, useEffect, useRef, type ComponentType, type ReactNode, type RefObject } from "react";

/** The server's loads of every deferred component's code, started as the modules that define them are evaluated. */
const serverLoads: Promise<unknown>[] = [];

/**
 * Resolves when the server holds the code of every deferred component defined so far. The server loads the app on its
 * first request (a fast start), so that request's render could otherwise reach a component whose code is still on its
 * way: React would then write that part at the end of the page, hidden, for a script to move into place (no
 * JavaScript, no part), and the page cache would keep that page for the next visitors. Later calls cost nothing.
 */
export async function deferredCodeLoaded(): Promise<void> {
  await Promise.all(serverLoads);
}

/**
 * A component whose code stays out of the page's first download (the enquiry forms: their validation is zod and
 * Conform).
 *
 * The server renders it in full, so the HTML holds the finished markup, and a form works before, or without,
 * JavaScript (the server validates and answers with the same messages). In the browser its module is fetched when
 * hydration reaches it: until then React keeps the server's markup inside the Suspense boundary, and hydrates it when
 * the code has arrived. Only a client-side navigation to a page that shows it briefly draws the fallback.
 *
 * Fetching it only when the visitor reaches for it was tried: React Router changes its state right after hydration,
 * and React then re-renders a boundary still waiting for its code as the browser's own, which holds the router's
 * transition (the header's shortlist count) until the code arrives. The wrapper is `display: contents` (no box of
 * its own) and carries `data-ready` once the component is live (browser tests wait for it).
 */
export function deferredComponent<Props extends object>(name: string, load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (a flaky network) may be tried again on the next render.
        pending = undefined;
        throw error;
      },
    ));
  // The server has every module at hand: it loads each as its route module is evaluated, and renders once they are in
  // (deferredCodeLoaded).
  // A load that failed is tried again, and reported, by the render that reaches the component (use() throws).
  if (import.meta.env.SSR) serverLoads.push(preload().catch(() => undefined));

  function Loaded({ props, wrapper }: { props: Props; wrapper: RefObject<HTMLDivElement | null> }) {
    useEffect(() => wrapper.current?.setAttribute("data-ready", ""), [wrapper]);
    return createElement(loaded ?? use(preload()), props);
  }

  function Deferred({ fallback = null, ...props }: Props & { fallback?: ReactNode }) {
    const wrapper = useRef<HTMLDivElement>(null);
    return (
      <div ref={wrapper} data-deferred={name} className="contents">
        <Suspense fallback={fallback}>
          <Loaded props={props as Props} wrapper={wrapper} />
        </Suspense>
      </div>
    );
  }
  return Object.assign(Deferred, { preload });
}

/**
 * Starts fetching components' code when the route module that shows them is evaluated after the first page has
 * hydrated: a client-side navigation (or a link's prefetch) brought the route, and its components' code then arrives
 * alongside the route's data, so the new page is drawn complete instead of without them for a moment. On the first
 * page nothing changes: its route modules run before hydration, which fetches the code as it reaches it.
 */
export function fetchWithRouteAfterHydration(...components: { preload: () => Promise<unknown> }[]): void {
  if (import.meta.env.SSR || !document.documentElement.hasAttribute("data-hydrated")) return;
  // A failed fetch is tried again when the component renders (deferredComponent).
  for (const component of components) component.preload().catch(() => undefined);
}
