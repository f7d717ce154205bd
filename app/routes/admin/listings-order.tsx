import { ArrowLeft } from "lucide-react";
import { data, Link, NavLink, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/listings-order";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { OrderEditor } from "#app/components/admin/listings/order-editor";
import { servicesContext } from "#app/db/context";
import { isOrderListId, ORDER_LISTS, type OrderListId } from "#app/domain/listing-order";
import { loadOrder, saveOrder } from "#app/models/listings-order.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";
import { actorOf } from "#app/services/listing-editor-action.server";

function listFrom(request: Request): OrderListId {
  const list = new URL(request.url).searchParams.get("list") ?? "";
  return isOrderListId(list) ? list : "real-estate";
}

const ids = z
  .string()
  .transform((text) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  })
  .pipe(z.array(z.string().min(1).max(100), "The new order is not a list of listings.").max(5000));

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), ids }),
  z.object({ intent: z.literal("move"), id: z.string().min(1), direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("add"), id: z.string().min(1, "Choose a listing to add.") }),
  z.object({ intent: z.literal("remove"), id: z.string().min(1) }),
]);

/** /edit/listings/order?list=…: each category's featured order, the home carousel and the staff picks (area "listings"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "listings");
  const { db } = context.get(servicesContext);
  const list = listFrom(request);
  const items = await loadOrder(db, list);
  // A home list may gain any listing that is not archived; the public rule still decides what the home page shows.
  const candidates =
    list === "carousel" || list === "picks"
      ? (await Promise.all((["real-estate", "cars", "metals", "yachts", "jets"] as const).map((category) => loadOrder(db, category))))
          .flat()
          .filter((item) => !items.some((member) => member.id === item.id))
      : [];
  return { list, items, candidates };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "listings");
  const { db } = context.get(servicesContext);
  const list = listFrom(request);
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]?.message ?? "Invalid request." }, { status: 400 });
  const current = (await loadOrder(db, list)).map((item) => item.id);
  const input = parsed.data;
  let next = current;
  if (input.intent === "save") next = input.ids;
  else if (input.intent === "add") next = [...current.filter((id) => id !== input.id), input.id];
  else if (input.intent === "remove") next = current.filter((id) => id !== input.id);
  else {
    const from = current.indexOf(input.id);
    const to = input.direction === "up" ? from - 1 : from + 1;
    if (from >= 0 && to >= 0 && to < current.length) {
      next = [...current];
      [next[from], next[to]] = [next[to]!, next[from]!];
    }
  }
  await saveOrder(db, actorOf(user), list, next);
  if (request.headers.get("sec-fetch-mode") === "navigate") throw redirect(`/edit/listings/order?list=${list}`, 303);
  return { ok: true as const };
}

export default function ListingsOrder({ loaderData }: Route.ComponentProps) {
  const { list, items, candidates } = loaderData;
  const info = ORDER_LISTS.find((entry) => entry.id === list)!;
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
                aria-current={entry.id === list ? "page" : undefined}
                className={`inline-flex h-10 items-center border px-4 text-sm ${entry.id === list ? "border-forest-900 bg-forest-900 text-ivory" : "border-linen bg-white text-ink/80 hover:border-forest-700"}`}
              >
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <OrderEditor key={list} list={list} label={info.label} hint={info.hint} items={items} candidates={candidates} />
    </div>
  );
}
