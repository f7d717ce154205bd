import { Check } from "#app/components/ui/icons/check";
import { Copy } from "#app/components/ui/icons/copy";
import { useState } from "react";
import { useHydrated } from "#app/components/use-hydrated";

/** The shortlist's share link: a plain link anyone can copy; with JavaScript also a Copy button. */
export function ShareLink({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  };
  return (
    <section aria-labelledby="share-heading" className="border border-ink/10 bg-white/70 p-6" data-print="hide">
      <h2 id="share-heading" className="font-display text-xl text-forest-900">
        Share this shortlist
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-stone">
        Open the same list on another device, or send it to an adviser. The link holds only the listings.
      </p>
      <p className="mt-4 border border-ink/10 bg-ivory px-4 py-3 text-sm break-all">
        <a href={url} className="text-forest-800 underline decoration-gold-400/60 underline-offset-4 hover:text-gold-700">
          {url}
        </a>
      </p>
      {hydrated && typeof navigator !== "undefined" && navigator.clipboard ? (
        <button
          type="button"
          onClick={() => void copy()}
          className="mt-4 inline-flex items-center gap-2 border border-forest-900/20 px-5 py-3 text-xs font-medium tracking-[0.18em] text-forest-900 uppercase transition-colors hover:border-gold-500 hover:text-gold-700"
        >
          {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
          <span aria-live="polite">{copied ? "Link copied" : "Copy link"}</span>
        </button>
      ) : null}
    </section>
  );
}
