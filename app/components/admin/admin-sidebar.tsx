import { FileText, Gem, History, Images, Inbox, LayoutDashboard, Settings, UserRound, Users, type LucideIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { canAccess, type AdminArea, type StaffRole } from "#app/domain/staff-roles";
import { useLiveEnquiries } from "./live-enquiries";

type SidebarItem = { to: string; label: string; icon: LucideIcon; area: AdminArea; end?: boolean };

// A screen joins this list when it is built (never as a stub page); each shows only to the roles that may open it.
const ITEMS: SidebarItem[] = [
  { to: "/edit", label: "Dashboard", icon: LayoutDashboard, area: "dashboard", end: true },
  { to: "/edit/listings", label: "Listings", icon: Gem, area: "listings" },
  { to: "/edit/enquiries", label: "Enquiries", icon: Inbox, area: "enquiries" },
  { to: "/edit/media", label: "Media", icon: Images, area: "media" },
  { to: "/edit/content", label: "Content", icon: FileText, area: "content" },
  { to: "/edit/users", label: "Users", icon: Users, area: "users" },
  { to: "/edit/settings", label: "Settings", icon: Settings, area: "settings" },
  { to: "/edit/activity", label: "Activity", icon: History, area: "activity" },
  { to: "/edit/account", label: "Your account", icon: UserRound, area: "account" },
];

/** Left sidebar; the entry for the current path is highlighted (and marked aria-current). */
export function AdminSidebar({ role }: { role: StaffRole }) {
  const { unopened } = useLiveEnquiries();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the entries are one row that scrolls sideways: bring the current one into the row's view, or Users,
  // Settings and the rest would be marked current off-screen. Only the row scrolls, never the page.
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const { left, right } = current.getBoundingClientRect();
    const view = row.getBoundingClientRect();
    if (left < view.left || right > view.right) row.scrollLeft += left - view.left - (view.width - (right - left)) / 2;
  }, [pathname]);
  return (
    <nav aria-label="Admin" className="border-b border-linen bg-sand/60 md:w-60 md:shrink-0 md:border-r md:border-b-0">
      <ul ref={list} className="flex gap-1 overflow-x-auto px-3 py-3 md:sticky md:top-16 md:flex-col md:px-4 md:py-8">
        {ITEMS.filter((item) => canAccess(role, item.area)).map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex items-center gap-3 border-l-2 px-4 py-2.5 text-sm whitespace-nowrap transition-colors duration-200 ${
                  isActive
                    ? "border-gold-500 bg-ivory font-medium text-forest-900"
                    : "border-transparent text-ink/70 hover:bg-ivory/70 hover:text-forest-900"
                }`
              }
            >
              <Icon aria-hidden className="h-4 w-4" strokeWidth={1.5} />
              {label}
              {to === "/edit/enquiries" && unopened ? (
                <span className="relative ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-400 px-1.5 text-[0.68rem] font-semibold text-forest-950">
                  {unopened > 99 ? "99+" : unopened}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
