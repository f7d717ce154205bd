import { FileText, Images, LayoutDashboard, type LucideIcon } from "lucide-react";
import { NavLink } from "react-router";

// Users and Settings join this list when their screens are built (never as stub pages).
const ITEMS: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: "/edit", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/edit/media", label: "Media", icon: Images },
  { to: "/edit/content", label: "Content", icon: FileText },
];

/** Left sidebar; the entry for the current path is highlighted (and marked aria-current). */
export function AdminSidebar() {
  return (
    <nav aria-label="Admin" className="border-b border-linen bg-sand/60 md:w-60 md:shrink-0 md:border-r md:border-b-0">
      <ul className="flex gap-1 overflow-x-auto px-3 py-3 md:sticky md:top-16 md:flex-col md:px-4 md:py-8">
        {ITEMS.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex items-center gap-3 border-l-2 px-4 py-2.5 text-sm transition-colors duration-200 ${
                  isActive
                    ? "border-gold-500 bg-ivory font-medium text-forest-900"
                    : "border-transparent text-ink/70 hover:bg-ivory/70 hover:text-forest-900"
                }`
              }
            >
              <Icon aria-hidden className="h-4 w-4" strokeWidth={1.5} />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
