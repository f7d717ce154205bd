import { formatPrice, type Price } from "#app/domain/listing-price";
import { FINAL_AMOUNT_NOTE, formatMoney, priceView, ratesTimeLabel, type PriceView } from "#app/domain/price-conversion";
import { usePricing } from "./use-pricing";

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** "≈ BTC 43.8889 · ETH 1,316.667 · XRP 1,709,957" */
function equivalentsText(view: PriceView): string {
  return view.equivalents.map(formatMoney).join(" · ");
}

/**
 * A card's price: the figure in the visitor's currency (or the listing's own), then its coin equivalents with the
 * rates' time. Without rates only the figure shows; "Price On Request" stays as it is.
 */
export function CardPrice({ price }: { price: Price }) {
  const { currency, rates } = usePricing();
  if (!price) return <p className="mt-2 text-sm font-medium tracking-wide text-gold-700">{formatPrice(price)}</p>;
  const view = priceView(price, currency, rates);
  return (
    <div className="mt-2">
      <p className="text-sm font-medium tracking-wide text-gold-700">
        {view.converted ? <span className="sr-only">About </span> : null}
        {view.converted ? <span aria-hidden="true">≈ </span> : null}
        {formatMoney(view.main)}
      </p>
      {rates && view.equivalents.length > 0 ? (
        <>
          <p className="mt-0.5 truncate text-xs text-ink/75" title={equivalentsText(view)}>
            <span className="sr-only">About </span>
            <span aria-hidden="true">≈ </span>
            {equivalentsText(view)}
          </p>
          <p className={`text-[0.7rem] leading-snug ${rates.stale ? "text-gold-700" : "text-stone"}`}>
            {capitalised(ratesTimeLabel(rates))}. {FINAL_AMOUNT_NOTE}
          </p>
        </>
      ) : null}
    </div>
  );
}

/** The detail page's price: the figure, what it was listed at when converted, the coin equivalents, the rates' time and the note. */
export function DetailPrice({ price }: { price: NonNullable<Price> }) {
  const { currency, rates } = usePricing();
  const view = priceView(price, currency, rates);
  return (
    <div className="mt-6">
      <p className="font-display text-3xl text-forest-900">
        {view.converted ? <span className="sr-only">About </span> : null}
        {view.converted ? <span aria-hidden="true">≈ </span> : null}
        {formatMoney(view.main)}
      </p>
      {view.converted ? <p className="mt-1 text-sm text-stone">Listed at {formatMoney(view.original)}</p> : null}
      {rates && view.equivalents.length > 0 ? (
        <div className="mt-4 border-l-2 border-gold-500/60 pl-4">
          <ul aria-label="In digital currency" className="flex flex-wrap gap-x-6 gap-y-1 text-sm font-medium text-ink">
            {view.equivalents.map((money) => (
              <li key={money.currency}>
                <span aria-hidden="true" className="text-stone">
                  ≈{" "}
                </span>
                {formatMoney(money)}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-stone">
            <time dateTime={rates.fetchedAt} className={rates.stale ? "text-gold-700" : undefined}>
              {capitalised(ratesTimeLabel(rates))}
            </time>
            . {FINAL_AMOUNT_NOTE}
          </p>
        </div>
      ) : null}
    </div>
  );
}
