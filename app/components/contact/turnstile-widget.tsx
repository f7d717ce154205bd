import { useEffect, useRef } from "react";

/**
 * Cloudflare Turnstile, loaded only on pages with a form and only once the form comes near the
 * screen or gets focus, so visitors who never enquire never download it. The widget adds its token
 * to the form as `cf-turnstile-response`; the server verifies it. Without a site key it renders nothing.
 */
type Turnstile = {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};
declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
let siteKeyRequest: Promise<string | null> | undefined;
let scriptRequest: Promise<Turnstile> | undefined;

function siteKey(): Promise<string | null> {
  siteKeyRequest ??= fetch("/enquiry-config", { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<{ turnstileSiteKey: string | null }>) : { turnstileSiteKey: null }))
    .then((config) => config.turnstileSiteKey)
    .catch(() => {
      siteKeyRequest = undefined;
      return null;
    });
  return siteKeyRequest;
}

function loadScript(): Promise<Turnstile> {
  scriptRequest ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile did not load")));
    script.onerror = () => {
      scriptRequest = undefined;
      reject(new Error("Turnstile did not load"));
    };
    document.head.append(script);
  });
  return scriptRequest;
}

/** `resetKey` changes after every answer from the server: a token is good for one submission only. */
export function TurnstileWidget({ action, resetKey }: { action: string; resetKey: unknown }) {
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | undefined>(undefined);

  useEffect(() => {
    const element = container.current;
    const form = element?.closest("form");
    if (!element || !form) return;
    let cancelled = false;
    const start = async () => {
      cleanup();
      const key = await siteKey();
      if (!key || cancelled) return;
      const turnstile = await loadScript().catch(() => undefined);
      if (!turnstile || cancelled || widgetId.current) return;
      widgetId.current = turnstile.render(element, { sitekey: key, action, theme: "light", size: "flexible", appearance: "interaction-only" });
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void start(), { rootMargin: "200px" });
    observer.observe(form);
    const startOnFocus = () => void start();
    form.addEventListener("focusin", startOnFocus, { once: true });
    function cleanup() {
      observer.disconnect();
      form?.removeEventListener("focusin", startOnFocus);
    }
    return () => {
      cancelled = true;
      cleanup();
      if (widgetId.current) window.turnstile?.remove(widgetId.current);
      widgetId.current = undefined;
    };
  }, [action]);

  useEffect(() => {
    if (widgetId.current) window.turnstile?.reset(widgetId.current);
  }, [resetKey]);

  return <div ref={container} className="min-h-0 empty:hidden" />;
}
