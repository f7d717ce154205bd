import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useRevalidator } from "react-router";

/** The path of the event stream the live bell listens to (routes/admin/events.ts). */
export const LIVE_EVENTS_PATH = "/edit/events";

/** After an answer that was not a stream: the first retry, doubled at each failure up to the last. */
const FIRST_RETRY_MS = 3_000;
const LAST_RETRY_MS = 60_000;

type LiveState = { unopened: number | null; newEvents: number; changes: number };
const LiveContext = createContext<LiveState>({ unopened: null, newEvents: 0, changes: 0 });

/**
 * Listens to the server's enquiry events (Server-Sent Events) while an admin page is open: the bell's count,
 * and how many new enquiries and other changes arrived. The browser's EventSource reconnects by itself after
 * a restart or a dropped connection (the server asks for a retry after 3 s), and this after an answer that was
 * not a stream at all (a 503 while the database is away), which the browser gives up on; the server sends the current
 * count on every connection, so nothing missed meanwhile stays wrong. Without JavaScript the bell shows the
 * count of the last page load.
 */
export function LiveEnquiriesProvider({ initialUnopened, children }: { initialUnopened: number | null; children: ReactNode }) {
  const [state, setState] = useState<LiveState>({ unopened: initialUnopened, newEvents: 0, changes: 0 });
  // A page load (navigation, revalidation) brings a fresh count too: the newest of the two is shown.
  const [loaded, setLoaded] = useState(initialUnopened);
  if (loaded !== initialUnopened) {
    setLoaded(initialUnopened);
    setState((current) => ({ ...current, unopened: initialUnopened }));
  }
  const enabled = initialUnopened !== null;

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;
    const connect = () => {
      const current = (source = new EventSource(LIVE_EVENTS_PATH));
      current.addEventListener("open", () => (delay = FIRST_RETRY_MS));
      current.addEventListener("enquiries", (event) => {
        const data = JSON.parse((event as MessageEvent<string>).data) as { unopened: number; change: string };
        setState((state) => ({
          unopened: data.unopened,
          newEvents: state.newEvents + (data.change.startsWith("new:") ? 1 : 0),
          changes: state.changes + (data.change === "connected" ? 0 : 1),
        }));
      });
      // The browser retries a dropped stream by itself, but gives up for good on an answer that is not a stream (a 503
      // while the database is away, a proxy's error page): this tries again, less often each time, up to once a minute.
      current.addEventListener("error", () => {
        if (current.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, LAST_RETRY_MS);
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled]);

  return <LiveContext value={state}>{children}</LiveContext>;
}

/** The live count, and the new enquiries that arrived since this page was loaded. */
export function useLiveEnquiries(): { unopened: number | null; newSinceLoad: number } {
  const state = useContext(LiveContext);
  const location = useLocation();
  const [base, setBase] = useState({ key: location.key, newEvents: state.newEvents });
  if (base.key !== location.key) setBase({ key: location.key, newEvents: state.newEvents });
  return { unopened: state.unopened, newSinceLoad: state.newEvents - (base.key === location.key ? base.newEvents : state.newEvents) };
}

/** Reloads the page's data shortly after any enquiry change (the dashboard's figures follow live). */
export function useRevalidateOnEnquiryChange(delayMs = 400) {
  const { changes } = useContext(LiveContext);
  const { revalidate } = useRevalidator();
  const seen = useRef(changes);
  useEffect(() => {
    if (changes === seen.current) return;
    seen.current = changes;
    const timer = setTimeout(() => void revalidate(), delayMs);
    return () => clearTimeout(timer);
  }, [changes, revalidate, delayMs]);
}
