import { and, count, desc, eq, gte, isNull, lt, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { auditEvents, type AuditEventRow } from "#app/db/schema";
import type { AuditFilters } from "#app/domain/audit-filters";

export const AUDIT_PAGE_SIZE = 30;
function condition(filters: AuditFilters): SQL | undefined {
  return and(
    filters.actor === "system" ? isNull(auditEvents.actorId) : filters.actor ? eq(auditEvents.actorId, filters.actor) : undefined,
    filters.kind ? eq(auditEvents.kind, filters.kind) : undefined,
    filters.from ? gte(auditEvents.at, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(auditEvents.at, new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)) : undefined,
  );
}

/** One page of the trail, newest first, with the number of pages for the filter. */
export async function listAuditEvents(
  db: Database,
  filters: AuditFilters,
): Promise<{ events: AuditEventRow[]; total: number; pages: number; page: number }> {
  const where = condition(filters);
  const [total] = await db.select({ value: count() }).from(auditEvents).where(where);
  const pages = Math.max(1, Math.ceil((total?.value ?? 0) / AUDIT_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  const events = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { events, total: total?.value ?? 0, pages, page };
}

/** Everyone who appears in the trail (by their latest label), for the person filter. */
export async function listAuditActors(db: Database): Promise<{ id: string; label: string }[]> {
  const rows = await db
    .selectDistinctOn([auditEvents.actorId], { id: auditEvents.actorId, label: auditEvents.actorLabel })
    .from(auditEvents)
    .orderBy(auditEvents.actorId, desc(auditEvents.at));
  return rows.map((row) => ({ id: row.id ?? "system", label: row.id ? row.label : "System" })).sort((a, b) => a.label.localeCompare(b.label));
}
