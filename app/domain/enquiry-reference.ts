/**
 * The short reference a visitor and staff quote for an enquiry: "WS-" and the first eight characters of its
 * submission id, upper case. Shown in the acknowledgement, the replies and the admin, and found by the
 * inbox's search.
 */
export function enquiryReference(submissionId: string): string {
  return `WS-${submissionId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** The submission-id prefix a typed reference stands for ("ws-3f2b8c1e" → "3f2b8c1e"), or null. */
export function referencePrefix(text: string): string | null {
  const match = /^ws-([0-9a-f]{8})$/i.exec(text.trim());
  return match ? match[1]!.toLowerCase() : null;
}
