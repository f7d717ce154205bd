import { isAuditKind, type AuditKind } from "./audit-kinds";

/** The audit trail's filters, all in the URL: ?actor= (a user id, or "system") &kind= &from= &to= (YYYY-MM-DD) &page=. */
export type AuditFilters = { actor?: string; kind?: AuditKind; from?: string; to?: string; page: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const actor = params.get("actor")?.trim();
  const kind = params.get("kind");
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    actor: actor && /^[\w-]{1,64}$/.test(actor) ? actor : undefined,
    kind: isAuditKind(kind) ? kind : undefined,
    from: DAY.test(from) && !Number.isNaN(Date.parse(from)) ? from : undefined,
    to: DAY.test(to) && !Number.isNaN(Date.parse(to)) ? to : undefined,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}
