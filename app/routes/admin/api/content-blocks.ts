import type { Route } from "./+types/content-blocks";
import { servicesContext } from "#app/db/context";
import {
  ADMIN_PAGE_SIZE,
  listContentBlocks,
  parseContentListQuery,
  saveMissingDefaults,
  toAdminContentBlock,
} from "#app/models/content-blocks.server";
import { requireStaff } from "#app/services/auth.server";

/** GET /edit/api/content-blocks?q=&category=&offset=: one page of 20 for the Content Manager's Load More. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const query = parseContentListQuery(new URL(request.url).searchParams);
  const services = context.get(servicesContext);
  const rows = await saveMissingDefaults(services, await listContentBlocks(services.db, { ...query, limit: ADMIN_PAGE_SIZE }));
  return Response.json(
    { blocks: await Promise.all(rows.map(toAdminContentBlock)), offset: query.offset, hasMore: rows.length === ADMIN_PAGE_SIZE },
    { headers: { "Cache-Control": "no-store" } },
  );
}
