import type { AuditKind } from "#app/db/schema";

export const AUDIT_KINDS: { value: AuditKind; label: string }[] = [
  { value: "listing", label: "Listings" },
  { value: "content", label: "Content blocks" },
  { value: "media", label: "Media" },
  { value: "user", label: "Users" },
  { value: "account", label: "Accounts" },
  { value: "settings", label: "Settings" },
  { value: "enquiry", label: "Enquiries" },
];

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
    kind: AUDIT_KINDS.some((option) => option.value === kind) ? (kind as AuditKind) : undefined,
    from: DAY.test(from) && !Number.isNaN(Date.parse(from)) ? from : undefined,
    to: DAY.test(to) && !Number.isNaN(Date.parse(to)) ? to : undefined,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}
