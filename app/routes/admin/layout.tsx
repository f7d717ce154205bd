import { isRouteErrorResponse, Link, Outlet, useRouteError, useRouteLoaderData } from "react-router";
// The staff screens' stylesheet (app/admin.css): public pages do not download it.
import "#app/admin.css";
import type { Route } from "./+types/layout";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminShell } from "#app/components/admin/admin-shell";
import { refusalCopy, refusalMessage } from "#app/components/layout/error-screens";
import { DeferredRouteErrorScreen } from "#app/components/layout/deferred-shell-parts";
import { servicesContext } from "#app/db/context";
import { canAccess } from "#app/domain/staff-roles";
import { countUnopenedEnquiries, enquiryIdFromPath, markEnquiryOpened } from "#app/models/enquiries-admin.server";
import { requireStaff } from "#app/services/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, context, "dashboard");
  const { db, env } = context.get(servicesContext);
  const handlesEnquiries = canAccess(user.role, "enquiries");
  // Loaders run in parallel: when this request opens an enquiry, mark it here first so the bell is already lower.
  const openingId = handlesEnquiries ? enquiryIdFromPath(new URL(request.url).pathname) : null;
  if (openingId) await markEnquiryOpened(db, openingId);
  return { user, siteName: env.SITE_NAME, unopened: handlesEnquiries ? await countUnopenedEnquiries(db) : null };
}

export function headers() {
  // Admin pages carry personal data: never kept by a browser or proxy cache.
  return { "Cache-Control": "no-store" };
}

/** The bell must follow every navigation (opening an enquiry lowers it), and the count is one cheap query. */
export function shouldRevalidate() {
  return true;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell shell={loaderData}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * Errors of any admin screen (an unknown id, a screen the role does not open, a failure) are shown inside the
 * shell, so staff keep their navigation. Only when the shell itself could not load (signed out, or an action's
 * refusal, which skips the layout's loader) is the site's own screen for the error shown.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const shell = useRouteLoaderData<typeof loader>("routes/admin/layout");
  if (!shell) return <DeferredRouteErrorScreen error={error} />;
  return (
    <AdminShell shell={shell}>
      <AdminErrorPanel error={error} />
    </AdminShell>
  );
}

function AdminErrorPanel({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Loaders answer 404s either with a plain message ("Enquiry not found") or with { message }.
  const message = isRouteErrorResponse(error) ? refusalMessage(error) : null;
  // The server logged it already (entry.server's handleError); the browser's console gets it here.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const copy =
    status === 404
      ? { eyebrow: "Error 404", title: message ?? "This admin page does not exist", intro: "The address may be mistyped, or the item was removed." }
      : status === 403
        ? { eyebrow: "Not allowed", title: "This screen is not part of your role", intro: message ?? "Ask an Owner if you need access." }
        : status === 401
          ? {
              eyebrow: "Signed out",
              title: "Your session has ended",
              intro:
                "Nothing was saved. Sign in again in this tab, then open the page again: a listing's unsaved changes are kept in this tab and offered back.",
            }
          : status < 500
            ? { eyebrow: `Error ${status}`, ...refusalCopy(status, message) }
            : {
                eyebrow: "Something went wrong",
                title: "This screen could not be shown",
                intro: "Please reload the page. If it happens again, tell the site's owner.",
              };
  return (
    <div>
      <title>{`${copy.title} | Admin`}</title>
      <AdminPageHeader eyebrow={copy.eyebrow} title={copy.title} intro={copy.intro} />
      {/* Signed out, the dashboard would only send them to the public home page. */}
      {status === 401 ? (
        <Link to="/sign-in" className="btn-primary mt-10">
          Sign in again
        </Link>
      ) : (
        <Link to="/edit" className="btn-primary mt-10">
          Back to the dashboard
        </Link>
      )}
    </div>
  );
}
