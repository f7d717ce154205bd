import { data, redirect, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/db/context";
import { canAccess, isStaffRole, STAFF_ROLE_INFO, type AdminArea } from "#app/domain/staff-roles";
import type { StaffUser } from "./auth-instance.server";

export type { StaffUser };

/** The signed-in member of staff for this request, or null. Banned users, non-staff and expired sessions count as signed out. */
export async function getSessionUser(request: Request, context: Readonly<RouterContextProvider>): Promise<StaffUser | null> {
  const { auth } = context.get(servicesContext);
  const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session?.user || session.user.banned || !isStaffRole(session.user.role)) return null;
  const { id, email, name, role } = session.user;
  return { id, email, name, role };
}

/**
 * Whether the caller is a script (fetch, upload, React Router fetcher) rather than a page. Scripts get a
 * plain 401/403 they can act on; pages get a redirect. A GET data request made by the client-side router
 * for a navigation counts as a page, so an expired session sends the browser home instead of an error.
 */
export function isApiRequest(request: Request): boolean {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/edit/api/")) return true;
  const method = request.method.toUpperCase();
  const isRead = method === "GET" || method === "HEAD";
  if (request.headers.get("sec-fetch-mode") === "navigate") return false;
  if (isRead && url.pathname.endsWith(".data")) return false;
  if (!isRead) return true;
  return !(request.headers.get("accept") ?? "").includes("text/html");
}

/** The message a signed-in member of staff sees for a screen their role does not open. */
export function notAllowedMessage(user: StaffUser): string {
  return `Your role (${STAFF_ROLE_INFO[user.role].label}) does not give access to this part of the admin area.`;
}

/**
 * Every admin loader, action and endpoint calls this itself, naming its area (a parent layout's check is
 * not enough). Without a staff session, pages are redirected to / (a server redirect replaces the history
 * entry) and API calls get 401. A member of staff whose role does not include the area gets 403: a JSON
 * error for scripts, the admin shell's "not allowed" screen for pages.
 */
export async function requireStaff(request: Request, context: Readonly<RouterContextProvider>, area: AdminArea): Promise<{ user: StaffUser }> {
  const user = await getSessionUser(request, context);
  if (!user) {
    if (!isApiRequest(request)) throw redirect("/", { headers: { "Cache-Control": "no-store" } });
    throw jsonError(401, "Sign in as a member of staff to continue.");
  }
  if (canAccess(user.role, area)) return { user };
  if (isApiRequest(request)) throw jsonError(403, notAllowedMessage(user));
  throw data({ message: notAllowedMessage(user) }, { status: 403, headers: { "Cache-Control": "no-store" } });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request sent from another site (CSRF). Browsers send Origin on every POST;
 * a request with neither Origin nor a cross-site Sec-Fetch-Site cannot come from a foreign page.
 */
export function assertSameOrigin(request: Request, siteUrl?: string): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const allowed = new Set([new URL(request.url).origin]);
  if (siteUrl) allowed.add(new URL(siteUrl).origin);
  const origin = request.headers.get("origin");
  const foreign = origin ? origin === "null" || !allowed.has(origin) : request.headers.get("sec-fetch-site") === "cross-site";
  if (foreign) throw jsonError(403, "This request came from another site and was refused.");
}

/** requireStaff plus the same-origin check: the one call every admin action makes. */
export async function requireStaffAction(request: Request, context: Readonly<RouterContextProvider>, area: AdminArea) {
  assertSameOrigin(request, context.get(servicesContext).env.siteUrl);
  return requireStaff(request, context, area);
}

function jsonError(status: number, message: string): Response {
  return Response.json({ error: message }, { status, headers: { "Cache-Control": "no-store" } });
}
