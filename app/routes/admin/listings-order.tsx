import { ArrowLeft } from "lucide-react";
import { data, Link, NavLink, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/listings-order";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { OrderEditor } from "#app/components/admin/listings/order-editor";
import { servicesContext } from "#app/db/context";
import { listingIdSchema } from "#app/domain/listing-id-schema";
import { isOrderListId, ORDER_LISTS, type OrderActionAnswer, type OrderListId } from "#app/domain/listing-order";
import {
  addToHomeList,
  homeListCandidates,
  loadOrderPage,
  moveInOrder,
  OrderConflictError,
  OrderRefusedError,
  removeFromHomeList,
  stepInOrder,
} from "#app/models/listings-order.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";
import { actorOf } from "#app/services/listing-editor-action.server";

function listFrom(url: URL): OrderListId {
  const list = url.searchParams.get("list") ?? "";
  return isOrderListId(list) ? list : "real-estate";
}

const isHomeList = (list: OrderListId): list is "carousel" | "picks" => list === "carousel" || list === "picks";

const id = listingIdSchema;
/** Every change names the page it was made on and what that page showed (docs/decisions/0010). */
const onPage = { page: z.coerce.number().int().min(1).max(100_000), fingerprint: z.string().min(1).max(40) };

const ActionSchema = z.discriminatedUnion("intent", [
  // After nothing ("") is the top of the list.
  z.object({ intent: z.literal("place"), id, after: z.union([z.literal(""), listingIdSchema]).optional(), ...onPage }),
  z.object({ intent: z.literal("move"), id, direction: z.enum(["up", "down"]), ...onPage }),
  z.object({ intent: z.literal("add"), id: z.string().min(1, "Choose a listing to add.").pipe(listingIdSchema), ...onPage }),
  z.object({ intent: z.literal("remove"), id, ...onPage }),
]);

/** /edit/listings/order?list=…&page=…: each category's featured order, the home carousel and the staff picks (area "listings"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "listings");
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const list = listFrom(url);
  const find = (url.searchParams.get("find") ?? "").slice(0, 100);
  const order = await loadOrderPage(db, list, Number(url.searchParams.get("page") ?? "1"));
  // A home list may gain any listing the site shows now; the public rule still decides what the home page shows.
  const candidates = isHomeList(list) ? await homeListCandidates(db, list, find) : { items: [], more: false };
  return { order, candidates, find };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "listings");
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const list = listFrom(url);
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<OrderActionAnswer>({ ok: false, error: parsed.error.issues[0]?.message ?? "Invalid request." }, { status: 400 });
  const input = parsed.data;
  const check = { page: input.page, fingerprint: input.fingerprint };
  const actor = actorOf(user);
  try {
    if (input.intent === "place") await moveInOrder(db, actor, list, { id: input.id, after: input.after || null }, check);
    else if (input.intent === "move") await stepInOrder(db, actor, list, input.id, input.direction, check);
    else if (!isHomeList(list))
      return data<OrderActionAnswer>({ ok: false, error: "Only the home lists gain and lose listings here." }, { status: 400 });
    else if (input.intent === "add") await addToHomeList(db, actor, list, input.id, check);
    else await removeFromHomeList(db, actor, list, input.id, check);
  } catch (error) {
    if (error instanceof OrderConflictError) return data<OrderActionAnswer>({ ok: false, error: error.message, conflict: true }, { status: 409 });
    if (error instanceof OrderRefusedError) return data<OrderActionAnswer>({ ok: false, error: error.message }, { status: 422 });
    throw error;
  }
  // A plain form post (no JavaScript) comes back to the same page; a script gets the answer itself.
  if (request.headers.get("sec-fetch-mode") === "navigate") throw redirect(`/edit/listings/order?list=${list}&page=${input.page}`, 303);
  return data<OrderActionAnswer>({ ok: true });
}

/** After a refused or failed change the list is read again, so the page shows the order as it is saved. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus !== undefined && actionStatus >= 400 ? true : defaultShouldRevalidate;
}

export default function ListingsOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, candidates, find } = loaderData;
  const info = ORDER_LISTS.find((entry) => entry.id === order.list)!;
  return (
    <div className="space-y-8">
      <title>{`Arrange: ${info.label} | Admin`}</title>
      <Link to="/edit/listings" className="inline-flex items-center gap-2 text-sm text-forest-900 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> All listings
      </Link>
      <AdminPageHeader
        eyebrow="Catalogue"
        title="Arrange order"
        intro="Drag to reorder with the mouse or a finger, or with the keyboard. Each change is saved and shows on the site at once."
      />
      <nav aria-label="Lists to arrange">
        <ul className="flex flex-wrap gap-2">
          {ORDER_LISTS.map((entry) => (
            <li key={entry.id}>
              <NavLink
                to={`?list=${entry.id}`}
                aria-current={entry.id === order.list ? "page" : undefined}
                className={`inline-flex h-10 items-center border px-4 text-sm ${entry.id === order.list ? "border-forest-900 bg-forest-900 text-ivory" : "border-linen bg-white text-ink/80 hover:border-forest-700"}`}
              >
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <OrderEditor
        key={order.list}
        label={info.label}
        hint={info.hint}
        order={order}
        candidates={candidates}
        find={find}
        failure={actionData && !actionData.ok ? actionData.error : undefined}
      />
    </div>
  );
}
