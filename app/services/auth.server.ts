import { redirect, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/db/context";
import { getAuth, type AdminUser } from "./auth-instance.server";

export { getAuth, type AdminUser };

/** The signed-in user for this request, or null. Banned users and expired sessions count as signed out. */
export async function getSessionUser(request: Request, context: Readonly<RouterContextProvider>): Promise<AdminUser | null> {
  const { db, env } = context.get(servicesContext);
  const auth = await getAuth(db, env);
  const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session?.user || session.user.banned) return null;
  const { id, email, name, role } = session.user;
  return { id, email, name, role: role ?? "user" };
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

/**
 * Every admin loader, action and endpoint calls this itself (a parent layout's check is not enough).
 * Pages without an admin session are redirected to / (a server redirect replaces the history entry);
 * API calls get 401 without a session and 403 for a signed-in non-admin.
 */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<{ user: AdminUser }> {
  const user = await getSessionUser(request, context);
  if (user?.role === "admin") return { user };
  if (!isApiRequest(request)) throw redirect("/", { headers: { "Cache-Control": "no-store" } });
  if (!user) throw jsonError(401, "Sign in as an administrator to continue.");
  throw jsonError(403, "Your account is not allowed to use the admin area.");
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

/** requireAdmin plus the same-origin check: the one call every admin action makes. */
export async function requireAdminAction(request: Request, context: Readonly<RouterContextProvider>) {
  assertSameOrigin(request, context.get(servicesContext).env.siteUrl);
  return requireAdmin(request, context);
}

function jsonError(status: number, message: string): Response {
  return Response.json({ error: message }, { status, headers: { "Cache-Control": "no-store" } });
}
