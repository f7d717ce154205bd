import { redirect } from "react-router";
import type { Route } from "./+types/enquiry-privacy-export";
import { servicesContext } from "#app/db/context";
import { countOf } from "#app/domain/plural";
import { findAddressSchema } from "#app/domain/privacy-forms";
import { recordAudit } from "#app/models/audit.server";
import { exportAddressData } from "#app/models/enquiry-privacy.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";

/** A GET (a typed or bookmarked address) has no address to export: the personal-data page, whose form sends one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "enquiries");
  return redirect("/edit/enquiries/privacy", { headers: { "Cache-Control": "no-store" } });
}

/**
 * Everything held about one e-mail address, as a JSON download (a subject access request). A POST from the
 * personal-data page: the address is in the body, never in the URL, so request logs never hold it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "enquiries");
  const { db } = context.get(servicesContext);
  const parsed = findAddressSchema.safeParse({ email: (await request.formData()).get("email") ?? undefined });
  if (!parsed.success) {
    return Response.json({ error: "Enter a full e-mail address." }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const exported = await exportAddressData(db, parsed.data.email);
  // Who exported personal data, and how much, is worth knowing; the address itself stays out of the trail.
  await recordAudit(db, {
    actor: user,
    kind: "enquiry",
    action: "personal data exported",
    subjectLabel: countOf(exported.enquiries.length, "enquiry", "enquiries"),
  });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
