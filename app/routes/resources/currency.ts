import { data, redirect } from "react-router";
import type { Route } from "./+types/currency";
import { currencyCookie, CurrencyChoiceSchema } from "#app/domain/currency-choice";
import { safeReturnPath } from "#app/domain/return-path";
import { assertSameOrigin } from "#app/services/auth.server";

/**
 * The top bar's currency choice: a form posts here (or a link GETs it, without JavaScript either way), we set the
 * `ws_currency` cookie and send the visitor back to the page they were on, which renders prices in that currency.
 */
function choose(request: Request, fields: Record<string, unknown>) {
  const url = new URL(request.url);
  const parsed = CurrencyChoiceSchema.safeParse(fields);
  if (!parsed.success) {
    throw data({ message: parsed.error.issues[0]?.message ?? "Choose one of the currencies offered." }, { status: 400 });
  }
  const secure = url.protocol === "https:";
  // The form's own field, else the page the link was on (the Referer is an absolute address on this site).
  return redirect(safeReturnPath(parsed.data.returnTo ?? request.headers.get("referer"), { origin: url.origin }), {
    status: 303,
    headers: { "Set-Cookie": currencyCookie(parsed.data.currency, secure), "Cache-Control": "no-store" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  // React Router's own cross-site check covers page routes only; a resource route's action checks for itself.
  await assertSameOrigin(request, context);
  return choose(request, Object.fromEntries(await request.formData()));
}

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (!params.has("currency")) return redirect("/", 303);
  return choose(request, Object.fromEntries(params));
}
