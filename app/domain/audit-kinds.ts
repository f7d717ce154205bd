/** What the audit trail records changes to (docs/architecture.md, "Data"): the column's type and the filter's labels. */
export const AUDIT_KINDS = [
  { value: "listing", label: "Listings" },
  { value: "content", label: "Content blocks" },
  { value: "media", label: "Media" },
  { value: "user", label: "Users" },
  { value: "account", label: "Accounts" },
  { value: "settings", label: "Settings" },
  { value: "enquiry", label: "Enquiries" },
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number]["value"];

export function isAuditKind(value: unknown): value is AuditKind {
  return AUDIT_KINDS.some((option) => option.value === value);
}
