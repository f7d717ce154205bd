import { redirect } from "react-router";
import type { Route } from "./+types/listing-brochure";
import { servicesContext } from "#app/db/context";
import { brochurePath } from "#app/domain/brochure";
import { isCategoryId } from "#app/domain/category-ids";
import { findPublicListing } from "#app/models/listings.server";
import { makeListingBrochure } from "#app/services/brochure/listing-brochure.server";

/**
 * GET /<category>/<slug>/brochure.pdf: the listing's printable brochure, made on request
 * (docs/decisions/0028-listing-brochure.md). Only reachable listings answer, like their pages: Draft, Archived
 * and hidden ones are not found, a Sold one still has its brochure (marked sold, without a price).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const notFound = () =>
    new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  if (!isCategoryId(params.category)) return notFound();
  const services = context.get(servicesContext);
  const found = await findPublicListing(services.db, params.category, params.id);
  if (found.kind === "missing") return notFound();
  // An earlier address of the listing: the brochure moves with its page.
  if (found.kind === "moved") throw redirect(brochurePath(found.listing), 301);
  const { pdf, filename } = await makeListingBrochure(services, found.listing);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="${filename}"`,
      // Public like the page it prints and the same for every visitor (no cookie is read); kept briefly, since
      // the rates it quotes change every few minutes and a status change must reach it soon.
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
