import type { Route } from "./+types/enquiry-config";
import { servicesContext } from "#app/db/context";

/** The public part of the enquiry forms' bot protection: the Turnstile site key, or null when it is off. */
export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  const turnstileSiteKey = env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY ? env.TURNSTILE_SITE_KEY : null;
  return Response.json({ turnstileSiteKey }, { headers: { "Cache-Control": "public, max-age=300" } });
}
