import { data, redirect, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/db/context";
import { canAccess, isStaffRole, STAFF_ROLE_INFO, type AdminArea } from "#app/domain/staff-roles";
import type { StaffUser } from "./auth-instance.server";
import { resolveClientIp } from "./client-ip.server";
import { logSecurityEvent } from "./security-log.server";
import { enforceSessionPolicy, sessionEndReason } from "./auth-session-policy.server";
import { sessionLookupHeaders } from "./replaced-session.server";
import { carriesSessionCookie } from "./auth-cookies.server";
import { isDatabaseUnavailable } from "#app/db/unavailable.server";

export type { StaffUser };

/** The signed-in member of staff for this request, or null. Deactivated users, non-staff and expired or idle sessions count as signed out. */
export async function getSessionUser(request: Request, context: Readonly<RouterContextProvider>): Promise<StaffUser | null> {
  const headers = sessionLookupHeaders(request, context);
  // No session cookie, no session: the sign-in page and signed-out visits leave better-auth unloaded.
  if (!carriesSessionCookie(headers)) return null;
  const { auth, db, env } = context.get(servicesContext);
  const session = await auth.api.getSession({ headers }).catch(signedOutUnlessDatabaseDown);
  if (!session?.user || session.user.banned || !isStaffRole(session.user.role)) return null;
  // Idle and absolute limits (docs/decisions/0019): a session past either is deleted and counts as signed out.
  if (!(await enforceSessionPolicy(db, env, session.session))) return null;
  const { id, email, name, role } = session.user;
  return { id, email, name, role };
}

/**
 * A session that cannot be read counts as none (a tampered or malformed cookie), but a database that cannot be
 * reached is not a signed-out visitor: it goes on to the 503 page with Retry-After, so staff are not sent home.
 */
function signedOutUnlessDatabaseDown(error: unknown): null {
  if (isDatabaseUnavailable(error)) throw error;
  return null;
}

/**
 * Whether the request's session still lets its member of staff into the area, by getSessionUser's rules (signed
 * out, revoked, deactivated, no longer staff or not for this area, idle or past its lifetime), without counting
 * as activity: a long-lived stream (the live bell) re-checks with this, and a page left open still goes idle.
 * Nothing is deleted here; the next page request does that.
 */
export async function sessionStillAllows(request: Request, context: Readonly<RouterContextProvider>, area: AdminArea): Promise<boolean> {
  const { auth, env } = context.get(servicesContext);
  const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session?.user || session.user.banned || !isStaffRole(session.user.role) || !canAccess(session.user.role, area)) return false;
  return sessionEndReason(env, session.session) === null;
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
 * Whether a state-changing request was sent from another site (CSRF). Browsers send Origin on every POST;
 * a request with neither Origin nor a cross-site Sec-Fetch-Site cannot come from a foreign page.
 */
export function isForeignOrigin(request: Request, siteUrl?: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const allowed = new Set([new URL(request.url).origin]);
  if (siteUrl) allowed.add(new URL(siteUrl).origin);
  const origin = request.headers.get("origin");
  return origin ? origin === "null" || !allowed.has(origin) : request.headers.get("sec-fetch-site") === "cross-site";
}

/** Refuses a state-changing request sent from another site with 403, and logs who was refused. */
export async function assertSameOrigin(request: Request, context: Readonly<RouterContextProvider>): Promise<void> {
  if (!isForeignOrigin(request, context.get(servicesContext).env.siteUrl)) return;
  await logOriginRefused(request, context);
  throw jsonError(403, "This request came from another site and was refused.");
}

/**
 * The `origin-refused` security event, with the client's address and, when the request carries a live staff
 * session (the victim of a forged request, or a script of theirs), that member's e-mail. Looking the session up
 * here does not count as activity.
 */
export async function logOriginRefused(request: Request, context: Readonly<RouterContextProvider>, reason = "foreign origin"): Promise<void> {
  const { auth, clientIp } = context.get(servicesContext);
  const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
  logSecurityEvent("origin-refused", {
    outcome: "refused",
    actor: session?.user.email ?? null,
    ip: resolveClientIp(clientIp),
    reason,
    origin: request.headers.get("origin"),
    path: new URL(request.url).pathname,
  });
}

/** requireStaff plus the same-origin check: the one call every admin action makes. */
export async function requireStaffAction(request: Request, context: Readonly<RouterContextProvider>, area: AdminArea) {
  await assertSameOrigin(request, context);
  return requireStaff(request, context, area);
}

function jsonError(status: number, message: string): Response {
  return Response.json({ error: message }, { status, headers: { "Cache-Control": "no-store" } });
}
