/**
 * Staff roles and what each may open (docs/decisions/0007): one table, read by the server-side guard on every admin
 * loader and action, by the sidebar, and by the route-table test that proves the matrix.
 */
export const STAFF_ROLES = ["owner", "editor", "sales"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_INFO: Record<StaffRole, { label: string; description: string }> = {
  owner: { label: "Owner", description: "Everything, including staff accounts and the site's settings." },
  editor: { label: "Editor", description: "Listings, content blocks and media." },
  sales: { label: "Sales", description: "Enquiries only." },
};

/** The parts of the admin area; every admin route belongs to exactly one. */
export const ADMIN_AREAS = ["dashboard", "account", "listings", "content", "media", "enquiries", "users", "settings", "activity"] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

const ACCESS: Record<AdminArea, readonly StaffRole[]> = {
  dashboard: STAFF_ROLES,
  account: STAFF_ROLES,
  listings: ["owner", "editor"],
  content: ["owner", "editor"],
  media: ["owner", "editor"],
  enquiries: ["owner", "sales"],
  users: ["owner"],
  settings: ["owner"],
  activity: ["owner"],
};

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "");
}

export function canAccess(role: string | null | undefined, area: AdminArea): boolean {
  return isStaffRole(role) && ACCESS[area].includes(role);
}

/** The roles that may open an area (for messages such as "Owners and Editors manage listings"). */
export function rolesFor(area: AdminArea): readonly StaffRole[] {
  return ACCESS[area];
}
