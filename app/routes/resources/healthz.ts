import type { Route } from "./+types/healthz";
import { servicesContext } from "#app/db/context";
import { sql } from "drizzle-orm";

/** Liveness and database status, for load balancers and operators. The Express host answers /healthz first;
 *  this route serves the same answer when the app runs under another host (e.g. `react-router dev`). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  let up = true;
  try {
    await db.execute(sql`select 1`);
  } catch {
    up = false;
  }
  return Response.json({ status: up ? "ok" : "degraded", database: up ? "up" : "down" }, { status: up ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
