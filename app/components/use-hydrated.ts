import { useSyncExternalStore } from "react";

/**
 * False in the server's HTML and while React hydrates it, true from the render after: what only a scripted page can
 * do (a form's own submit handler, a hidden field that tells the server JavaScript ran) waits for it, so the first
 * client render matches the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function noSubscription() {
  return () => {};
}
