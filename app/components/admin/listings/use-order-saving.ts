import { useState } from "react";
import { useFetcher } from "react-router";
import { moveOf, orderFingerprint, type OrderActionAnswer, type OrderPage } from "#app/domain/listing-order";

/**
 * Saving drag-and-drop moves of an order page: each drop is sent as one move ("this listing goes after that one")
 * with the fingerprint of the page as it stood before the drop, so the server can tell a stale page. The words
 * for screen readers follow the server: "Saving…" while it works, "saved" only once it has answered, and the
 * refusal otherwise (the route then reloads the list, so the page shows the order as it is saved).
 */
export function useOrderSaving(order: OrderPage) {
  const fetcher = useFetcher<OrderActionAnswer>({ key: `order-${order.list}` });
  const [ids, setIds] = useState(() => order.items.map((item) => item.id));
  const [shown, setShown] = useState(order);
  if (shown !== order) {
    setShown(order);
    setIds(order.items.map((item) => item.id));
  }

  function reordered(next: string[]) {
    const move = moveOf(ids, next, order.before);
    if (!move) return;
    void fetcher.submit(
      {
        intent: "place",
        id: move.id,
        after: move.after ?? "",
        page: String(order.page),
        fingerprint: orderFingerprint(order.page, order.before, ids),
      },
      { method: "post" },
    );
    setIds(next);
  }

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return {
    reordered,
    status: fetcher.state !== "idle" ? "Saving the new order…" : answer?.ok ? "The new order is saved." : "",
    error: answer && !answer.ok ? answer.error : undefined,
  };
}
