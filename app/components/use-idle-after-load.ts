import { startTransition, useEffect, useState } from "react";

/**
 * False in the server's HTML, through hydration and until the page has loaded and the browser has time to spare; then
 * true, set in a transition. For work the visitor will want soon but not yet (the carousel's next picture): React
 * renders it in short slices after the page is done, instead of in the task that finishes hydration, and its bytes do
 * not share the connection with the first photo.
 */
export function useIdleAfterLoad(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const settle = () => startTransition(() => setIdle(true));
    let cancel: () => void;
    const afterLoad = () => {
      // Safari has no requestIdleCallback; a short timer after the load event does the same job there.
      if (typeof window.requestIdleCallback === "function") {
        const handle = window.requestIdleCallback(settle, { timeout: 1000 });
        cancel = () => window.cancelIdleCallback(handle);
      } else {
        const handle = window.setTimeout(settle, 200);
        cancel = () => window.clearTimeout(handle);
      }
    };
    if (document.readyState === "complete") afterLoad();
    else {
      window.addEventListener("load", afterLoad, { once: true });
      cancel = () => window.removeEventListener("load", afterLoad);
    }
    return () => cancel();
  }, []);
  return idle;
}
