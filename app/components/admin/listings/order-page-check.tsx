import type { OrderPage } from "#app/domain/listing-order";

/** The page and what it showed: every change of an order carries them, so a stale page is refused (docs/decisions/0010). */
export function PageCheck({ order }: { order: Pick<OrderPage, "page" | "fingerprint"> }) {
  return (
    <>
      <input type="hidden" name="page" value={order.page} />
      <input type="hidden" name="fingerprint" value={order.fingerprint} />
    </>
  );
}
