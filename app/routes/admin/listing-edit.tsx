import { useEffect } from "react";
import { dropDrafts } from "#app/components/admin/listings/listing-draft";
import { ArrowLeft, ExternalLink } from "lucide-react";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/listing-edit";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { ListingInsights } from "#app/components/admin/listings/listing-insights";
import { DRAFT_OFFER_SLOT, ListingForm } from "#app/components/admin/listings/listing-form";
import { ListingStatusBadge, VisibilityLabel } from "#app/components/admin/listings/listing-status-badge";
import { usePhotoAltDrafts } from "#app/components/admin/listings/photo-alt-drafts";
import { PhotoManager } from "#app/components/admin/listings/photo-manager";
import { servicesContext } from "#app/db/context";
import { CATEGORIES } from "#app/domain/categories";
import { listingFormDefaults, type PhotoActionAnswer } from "#app/domain/listing-editor";
import { toPhotoView } from "#app/domain/listing-photos";
import { priceFrom } from "#app/domain/listing-price";
import { listingPath } from "#app/domain/listing-slug";
import { isReachable } from "#app/domain/listing-status";
import { findListingForEditor, listingHistory, previousSlugs } from "#app/models/listings-editor.server";
import { listingStats } from "#app/models/listings-views.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";
import { actorOf, handleListingForm, handlePhotoAction } from "#app/services/listing-editor-action.server";

/** /edit/listings/:id: edit a listing, its photos and its place on the site (area "listings"). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, "listings");
  const { db } = context.get(servicesContext);
  const listing = await findListingForEditor(db, params.id);
  if (!listing) throw data("Listing not found", { status: 404 });
  const [stats, history, previous] = await Promise.all([
    listingStats(db, [listing.id]),
    listingHistory(db, listing.id, 12),
    previousSlugs(db, listing),
  ]);
  const url = new URL(request.url);
  return {
    id: listing.id,
    title: listing.title,
    category: listing.category,
    status: listing.status,
    visible: listing.visible,
    publicPath: isReachable(listing) ? listingPath(listing) : null,
    previousPaths: previous.map(listingPath),
    photos: listing.photos.map(toPhotoView),
    defaults: listingFormDefaults(
      {
        ...listing,
        price: priceFrom(listing.priceAmount, listing.priceCurrency),
        onCarousel: listing.homeSlidePosition !== null,
        staffPick: listing.staffPickPosition !== null,
      },
      listing.category,
    ),
    stats: stats.get(listing.id)!,
    history: history.map((entry) => ({ at: entry.at.toISOString(), actor: entry.actor, action: entry.action, fields: Object.keys(entry.changes) })),
    photoError: url.searchParams.get("photoError")?.slice(0, 300) ?? null,
    created: url.searchParams.has("created"),
    notice: url.searchParams.has("created")
      ? "Listing created. Add its photos, then publish it when it is ready."
      : url.searchParams.has("saved")
        ? "Saved. The site shows the changes now."
        : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "listings");
  const { db, storage } = context.get(servicesContext);
  const listing = await findListingForEditor(db, params.id);
  if (!listing) throw data("Listing not found", { status: 404 });
  const formData = await request.formData();
  if (formData.get("_action") === "save") return handleListingForm(db, actorOf(user), formData, listing);
  const answer = await handlePhotoAction({ db, storage, actor: actorOf(user) }, listing, formData);
  if (request.headers.get("sec-fetch-mode") !== "navigate") return answer;
  // A plain form post (no JavaScript) that worked comes back to the photos. One that failed is answered with the
  // page itself, the problem shown on the photo and what was typed kept: a redirect would drop both.
  if (answer.data.ok) throw redirect(`/edit/listings/${listing.id}#photos`, 303);
  const typed = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.slice(0, 1000) : undefined;
  };
  return data<PhotoActionAnswer>(
    { ...answer.data, intent: answer.data.intent ?? typed("_action"), photoId: typed("photoId"), alt: typed("alt") },
    answer.init ?? undefined,
  );
}

/**
 * A refused photo change reads the listing again, so the photos show as they are saved (a failed drag and drop
 * must not leave its order on screen); a refused form save does not, so the form keeps what was typed.
 */
export function shouldRevalidate({ formData, actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("_action");
  const photoChange = typeof intent === "string" && intent.startsWith("photo-");
  return photoChange && actionStatus !== undefined && actionStatus >= 400 ? true : defaultShouldRevalidate;
}

export default function ListingEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { id, title, category, status, visible, publicPath, previousPaths, photos, defaults, stats, history, notice, photoError, created } =
    loaderData;
  // The new-listing form's draft became this listing.
  useEffect(() => {
    if (created) dropDrafts(undefined);
  }, [created]);
  const answer = actionData && "result" in actionData ? actionData : undefined;
  // The last save's "Saved" stays in the address; a later save that was refused must not sit under it.
  const refused = answer && (answer.conflict || answer.result?.status === "error");
  const photoFailure = actionData && "ok" in actionData && !actionData.ok ? actionData : undefined;
  // Alt text typed on the photos: their own Save or the listing's "Save changes" saves it, whichever comes first.
  const altDrafts = usePhotoAltDrafts();
  return (
    <div className="space-y-8">
      <title>{`${title} | Listings | Admin`}</title>
      <Link to="/edit/listings" className="inline-flex items-center gap-2 text-sm text-forest-900 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> All listings
      </Link>
      <AdminPageHeader
        eyebrow={CATEGORIES[category].name}
        title={title}
        actions={
          <div className="flex flex-wrap items-center gap-4">
            <ListingStatusBadge status={status} />
            <VisibilityLabel status={status} visible={visible} />
            {publicPath ? (
              <a
                href={publicPath}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1.5 text-sm text-forest-900 underline underline-offset-4"
              >
                View on the site <ExternalLink aria-hidden className="h-3.5 w-3.5" />
              </a>
            ) : null}
          </div>
        }
      />
      {notice && !refused ? (
        <p role="status" className="border-l-2 border-forest-600 bg-forest-600/8 px-4 py-3 text-sm text-forest-900">
          {notice}
        </p>
      ) : null}
      {photoError ? (
        <p role="alert" className="border-l-2 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-800">
          The photo could not be added: {photoError}
        </p>
      ) : null}
      {previousPaths.length ? <p className="text-xs text-stone">Earlier addresses, redirected here: {previousPaths.join(", ")}</p> : null}
      <div id={DRAFT_OFFER_SLOT} className="empty:hidden" />
      <PhotoManager listingId={id} photos={photos} title={title} theme={category} failure={photoFailure} altDrafts={altDrafts} />
      <ListingForm
        key={defaults.version}
        listingId={id}
        defaults={defaults}
        lastResult={answer?.result}
        conflict={answer?.conflict}
        photos={photos}
        typedAlts={altDrafts.typed}
      />
      <ListingInsights stats={stats} history={history} />
    </div>
  );
}
