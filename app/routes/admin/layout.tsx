import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminSidebar } from "#app/components/admin/admin-sidebar";
import { AdminTopBar } from "#app/components/admin/admin-top-bar";
import { servicesContext } from "#app/db/context";
import { countUnopenedEnquiries, enquiryIdFromPath, markEnquiryOpened } from "#app/models/enquiries-admin.server";
import { requireAdmin } from "#app/services/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, context);
  const { db, env } = context.get(servicesContext);
  // Loaders run in parallel: when this request opens an enquiry, mark it here first so the bell is already lower.
  const openingId = enquiryIdFromPath(new URL(request.url).pathname);
  if (openingId) await markEnquiryOpened(db, openingId);
  return { user, siteName: env.SITE_NAME, unopened: await countUnopenedEnquiries(db) };
}

/** The bell must follow every navigation (opening an enquiry lowers it), and the count is one cheap query. */
export function shouldRevalidate() {
  return true;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col bg-ivory">
      <meta name="robots" content="noindex" />
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-ivory focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <AdminTopBar siteName={loaderData.siteName} unopened={loaderData.unopened} userEmail={loaderData.user.email} />
      <div className="flex-1 md:flex">
        <AdminSidebar />
        <main id="admin-main" className="min-w-0 flex-1 px-4 py-10 sm:px-10 lg:px-14">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
