import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { requireStaff } from "#app/services/auth.server";

/** Unknown /edit paths: visitors are sent home like everywhere under /edit; staff see a 404 inside the shell. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "dashboard");
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <div>
      <title>Not found | Admin</title>
      <AdminPageHeader
        eyebrow="Error 404"
        title="This admin page does not exist"
        intro="The address may be mistyped, or the screen has not been built yet."
      />
      <Link to="/edit" className="btn-primary mt-10">
        Back to the dashboard
      </Link>
    </div>
  );
}
