import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { servicesContext } from "#app/db/context";
import { assertSameOrigin, getSessionUser } from "#app/services/auth.server";
import { logSecurityEvent } from "#app/services/security-log.server";

/** Signing out changes state, so it is a POST (a link or prefetch must never end a session). */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, clientIp } = context.get(servicesContext);
  await assertSameOrigin(request, context);
  const user = await getSessionUser(request, context);
  // As the spec says of sign-out: a server refusal (no session, already gone) still ends the local session.
  const result = await auth.api.signOut({ headers: request.headers, returnHeaders: true }).catch(() => null);
  if (user) logSecurityEvent("sign-out", { outcome: result ? "success" : "failure", actor: user.email, ip: clientIp });
  return redirect("/sign-in", { headers: result?.headers ?? expireSessionCookies(request) });
}

/** Clears better-auth's cookies by name when the server had no session to revoke. */
function expireSessionCookies(request: Request): Headers {
  const headers = new Headers();
  const names = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim().split("=")[0])
    .filter((name): name is string => Boolean(name?.includes("better-auth.")));
  // A __Host- or __Secure- cookie is only replaced by a Secure one.
  for (const name of names) {
    const secure = name.startsWith("__Host-") || name.startsWith("__Secure-") ? "; Secure" : "";
    headers.append("Set-Cookie", `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`);
  }
  return headers;
}
