import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/listing-new";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { ListingForm } from "#app/components/admin/listings/listing-form";
import { servicesContext } from "#app/db/context";
import { CATEGORIES } from "#app/domain/categories";
import { isCategoryId } from "#app/domain/category-ids";
import { listingFormDefaults } from "#app/domain/listing-editor";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";
import { actorOf, handleListingForm } from "#app/services/listing-editor-action.server";

/** /edit/listings/new?category=…: a new listing starts as a Draft with its category's usual specification labels. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "listings");
  const wanted = new URL(request.url).searchParams.get("category") ?? "";
  const category = isCategoryId(wanted) ? wanted : "real-estate";
  return { category, defaults: listingFormDefaults(null, category) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "listings");
  return handleListingForm(context.get(servicesContext).db, actorOf(user), await request.formData(), null);
}

export default function NewListing({ loaderData, actionData }: Route.ComponentProps) {
  const { category, defaults } = loaderData;
  const answer = actionData;
  return (
    <div className="space-y-8">
      <title>New listing | Admin</title>
      <Link to="/edit/listings" className="inline-flex items-center gap-2 text-sm text-forest-900 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> All listings
      </Link>
      <AdminPageHeader
        eyebrow={CATEGORIES[category].name}
        title="New listing"
        intro="It starts as a Draft, seen by nobody but staff. Photos come next, on the listing's own page; publish it when it is ready."
      />
      <ListingForm key={category} defaults={defaults} lastResult={answer?.result} conflict={answer?.conflict} />
    </div>
  );
}
