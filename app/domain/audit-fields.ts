import type { AuditKind } from "./audit-kinds";
import { SITE_SETTING_LABELS } from "./site-settings";

/**
 * How the activity trail names a changed field: the words staff see on the screen where they made the change,
 * not the code's key ("Working hours", not "workingHours"). The trail stores keys; this is the one place that
 * turns them into labels, per kind of change.
 */
const LISTING_FIELDS: Record<string, string> = {
  title: "Title",
  slug: "Web address",
  category: "Category",
  location: "Location",
  year: "Year",
  priceAmount: "Price",
  priceCurrency: "Currency",
  specs: "Key facts",
  description: "Description",
  features: "Key features",
  specifications: "Specifications",
  lastVerifiedOn: "Facts last verified",
  status: "Status",
  visible: "Show on the site",
  homeSlidePosition: "Place in the home carousel",
  staffPickPosition: "Place among staff picks",
  position: "Place in its category",
  photos: "Photos",
  alt: "Photo description",
  cover: "Cover photo",
  order: "Photo order",
  importedPhotos: "Imported photos",
};

const FIELD_LABELS: Record<AuditKind, Record<string, string>> = {
  listing: LISTING_FIELDS,
  content: { content: "Content", type: "Type", category: "Category" },
  media: { file: "File" },
  user: { role: "Role", status: "Status", sessions: "Open sessions" },
  account: { role: "Role", status: "Status", sessions: "Open sessions" },
  settings: SITE_SETTING_LABELS,
  enquiry: { status: "Status", assignee: "Assignee", email: "E-mail" },
};

/** A key no table names yet still reads as words: "someNewField" → "Some new field". */
function words(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function auditFieldLabel(kind: string, field: string): string {
  const labels: Record<string, string> | undefined = FIELD_LABELS[kind as AuditKind];
  return (labels && Object.hasOwn(labels, field) ? labels[field] : undefined) ?? words(field);
}
