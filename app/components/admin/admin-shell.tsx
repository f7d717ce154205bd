import type { ReactNode } from "react";
import type { StaffRole } from "#app/domain/staff-roles";
import { AdminSidebar } from "./admin-sidebar";
import { AdminTopBar } from "./admin-top-bar";
import { LiveEnquiriesProvider } from "./live-enquiries";

export type AdminShellData = {
  siteName: string;
  user: { email: string; name: string; role: StaffRole };
  /** Enquiries nobody has opened; null when the role does not handle enquiries (no bell). */
  unopened: number | null;
};

/** The frame of every admin screen: top bar, sidebar and the main column. */
export function AdminShell({ shell, children }: { shell: AdminShellData; children: ReactNode }) {
  return (
    <LiveEnquiriesProvider initialUnopened={shell.unopened}>
      <div className="flex min-h-screen flex-col bg-ivory">
        <meta name="robots" content="noindex" />
        <a
          href="#admin-main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-ivory focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <AdminTopBar siteName={shell.siteName} userEmail={shell.user.email} />
        <div className="flex-1 md:flex">
          <AdminSidebar role={shell.user.role} />
          <main id="admin-main" className="min-w-0 flex-1 px-4 py-10 sm:px-10 lg:px-14">
            {children}
          </main>
        </div>
      </div>
    </LiveEnquiriesProvider>
  );
}
