import { data, redirect } from "react-router";
import type { Route } from "./+types/shortlist-items";
import { servicesContext } from "#app/db/context";
import { isListingId } from "#app/domain/listing-id";
import { safeReturnPath } from "#app/domain/return-path";
import { changeShortlist, decodeShareList, mergeShortlists } from "#app/domain/shortlist";
import { findShortlistCards } from "#app/models/listings.server";
import { assertSameOrigin } from "#app/services/auth.server";
import { readShortlist, writeShortlist } from "#app/services/shortlist.server";

/**
 * Every heart posts here: `intent` add or remove with `listing`, or merge with a shared `list`. Without
 * JavaScript the answer is a redirect back to the page the visitor was on (the heart's anchor keeps the place);
 * with it (the fetcher sends js=1) a small JSON answer, and the page revalidates the count and the hearts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(servicesContext);
  // A resource route's action: React Router's own cross-site check covers page routes only, so another site could
  // otherwise rewrite a visitor's list with a hidden form.
  await assertSameOrigin(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const own = await readShortlist(request);
  let next: string[];
  if (intent === "add" || intent === "remove") {
    const id = form.get("listing");
    if (!isListingId(id)) return data({ ok: false as const }, { status: 400 });
    // Only a listing visitors may see can be added; removing works for any id (a listing hidden since).
    if (intent === "add" && (await findShortlistCards(db, [id])).length === 0) return data({ ok: false as const }, { status: 404 });
    next = changeShortlist(own, id, intent === "add");
  } else if (intent === "merge") {
    const shared = await findShortlistCards(db, decodeShareList(formText(form, "list")));
    next = mergeShortlists(
      own,
      shared.map((card) => card.id),
    );
  } else {
    return data({ ok: false as const }, { status: 400 });
  }
  const headers = { "Set-Cookie": await writeShortlist(next, { secure: env.siteUrl.startsWith("https://") }), "Cache-Control": "no-store" };
  if (form.get("js") === "1") return data({ ok: true as const, count: next.length }, { headers });
  throw redirect(safeReturnPath(form.get("returnTo"), { fallback: "/shortlist" }), { headers });
}

/** A GET (a bookmarked or refreshed form address) goes to the shortlist page. */
export function loader() {
  return redirect("/shortlist");
}

function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
