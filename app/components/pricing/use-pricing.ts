import { useRouteLoaderData } from "react-router";
import type { Pricing } from "#app/domain/price-conversion";

/** The visitor's currency and the shared rates, from the root loader (no rates when it failed). */
export function usePricing(): Pricing {
  const root = useRouteLoaderData<{ pricing?: Pricing }>("root");
  return root?.pricing ?? { currency: null, rates: null };
}
