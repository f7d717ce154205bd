import { useId } from "react";
import { Form, useLocation } from "react-router";
import { AS_LISTED, DISPLAY_CURRENCIES, DISPLAY_CURRENCY_NAMES } from "#app/domain/price-conversion";
import { usePricing } from "./use-pricing";

/**
 * The top bar's currency choice. A plain form posting to /currency (which sets the cookie and sends the visitor
 * back here): with JavaScript a choice applies at once (before hydration too: see EARLY_CHOICES), without it the "Set"
 * button sends it.
 */
export function CurrencySelect({ className = "" }: { className?: string }) {
  const { currency } = usePricing();
  const location = useLocation();
  const id = useId();
  return (
    <Form method="post" action="/currency" preventScrollReset data-submit-on-change className={`flex shrink-0 items-center gap-1 ${className}`}>
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id} className="sr-only">
        Show prices in
      </label>
      <select
        id={id}
        name="currency"
        // Keyed on the choice so the select shows the saved value after the page's data comes back.
        key={currency ?? AS_LISTED}
        defaultValue={currency ?? AS_LISTED}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="h-9 cursor-pointer border border-ink/15 bg-ivory/80 pr-6 pl-2 text-xs font-medium tracking-[0.06em] sm:pr-7 sm:tracking-[0.12em] text-forest-900 uppercase transition-colors hover:border-forest-700 focus:outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-gold-500"
      >
        <option value={AS_LISTED}>As listed</option>
        {DISPLAY_CURRENCIES.map((code) => (
          <option key={code} value={code} title={DISPLAY_CURRENCY_NAMES[code]}>
            {code}
          </option>
        ))}
      </select>
      <noscript>
        <button
          type="submit"
          className="currency-set h-9 border border-forest-900 px-3 text-xs font-medium tracking-[0.12em] text-forest-900 uppercase"
        >
          Set
        </button>
      </noscript>
    </Form>
  );
}
