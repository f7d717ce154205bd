import type { Route } from "./+types/enquiry-privacy-export";
import { servicesContext } from "#app/db/context";
import { isValidEmailAddress } from "#app/domain/email-address";
import { recordAudit } from "#app/models/audit.server";
import { exportAddressData } from "#app/models/enquiry-privacy.server";
import { requireStaff } from "#app/services/auth.server";

/** Everything held about one e-mail address, as a JSON download (a subject access request). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, context, "enquiries");
  const { db } = context.get(servicesContext);
  const email = new URL(request.url).searchParams.get("email")?.trim() ?? "";
  if (!isValidEmailAddress(email)) {
    return Response.json({ error: "Enter a full e-mail address." }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const exported = await exportAddressData(db, email);
  // Who exported personal data, and how much, is worth knowing; the address itself stays out of the trail.
  await recordAudit(db, {
    actor: user,
    kind: "enquiry",
    action: "personal data exported",
    subjectLabel: `${exported.enquiries.length} ${exported.enquiries.length === 1 ? "enquiry" : "enquiries"}`,
  });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
