import { Form, useNavigation } from "react-router";
import { formatAdminDate } from "#app/components/admin/enquiry-status";
import { CONFIRM_BUTTON, ConfirmPopover } from "#app/components/admin/confirm-popover";
import { deactivateQuestion } from "#app/domain/staff-forms";
import { STAFF_ROLE_INFO, STAFF_ROLES, type StaffRole } from "#app/domain/staff-roles";
import { BADGE, QUIET_BUTTON, SMALL_BUTTON, StaffNotice, type StaffAnswer } from "./staff-notice";
import { countOf } from "#app/domain/plural";

export type StaffMemberView = {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  active: boolean;
  lastSignInAt: string | null;
  sessions: number;
};

const ROLE_BADGE: Record<StaffRole, string> = {
  owner: "border-gold-500/60 text-gold-700",
  editor: "border-forest-600/40 text-forest-800",
  sales: "border-ink/25 text-ink/75",
};

/** Every member of staff with their role and status; each row has its own plain forms (no JavaScript needed). */
export function StaffList({ members, currentUserId, answer }: { members: StaffMemberView[]; currentUserId: string; answer?: StaffAnswer }) {
  const navigation = useNavigation();
  const busy = (intent: string, id: string) => navigation.formData?.get("intent") === intent && navigation.formData.get("userId") === id;
  // Deactivate and Reactivate replace each other in a row: the one that appears after a change takes the focus the
  // other had, so the keyboard stays where the change was made.
  const changed = (intent: string, id: string) => answer?.intent === intent && answer.subjectId === id && !answer.error;
  return (
    <ul className="divide-y divide-linen border-y border-linen">
      {members.map((member) => {
        const you = member.id === currentUserId;
        const selectId = `role-${member.id}`;
        return (
          <li key={member.id} className="grid gap-4 py-5 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-display text-lg text-forest-900">{member.name}</span>
                {you ? <span className={`${BADGE} border-gold-500/50 text-gold-700`}>You</span> : null}
                <span className={`${BADGE} ${ROLE_BADGE[member.role]}`}>{STAFF_ROLE_INFO[member.role].label}</span>
                <span className={`${BADGE} ${member.active ? "border-forest-600/40 text-forest-800" : "border-red-700/50 bg-red-50 text-red-800"}`}>
                  {member.active ? "Active" : "Deactivated"}
                </span>
              </p>
              <p className="mt-1 text-sm break-all text-ink/80">{member.email}</p>
              <p className="mt-1 text-xs text-stone">
                {member.lastSignInAt ? `Last signed in ${formatAdminDate(member.lastSignInAt)}` : "Has not signed in yet"}
                {member.active ? ` · ${countOf(member.sessions, "open session")}` : ""}
              </p>
              <StaffNotice answer={answer} intents={["change-role", "deactivate", "reactivate"]} subjectId={member.id} />
            </div>
            <div className="flex flex-wrap items-end gap-3">
              <Form method="post" preventScrollReset className="flex items-end gap-2">
                <input type="hidden" name="intent" value="change-role" />
                <input type="hidden" name="userId" value={member.id} />
                <div>
                  <label htmlFor={selectId} className="mb-1 block text-[0.65rem] font-medium tracking-[0.16em] text-stone uppercase">
                    Role<span className="sr-only"> of {member.name}</span>
                  </label>
                  <select
                    id={selectId}
                    key={`${member.id}-${member.role}`}
                    name="role"
                    defaultValue={member.role}
                    className="h-10 border border-linen bg-white px-3 text-sm text-ink outline-none focus:border-forest-700"
                  >
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {STAFF_ROLE_INFO[role].label}
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="submit"
                  disabled={busy("change-role", member.id)}
                  className={SMALL_BUTTON}
                  aria-label={`Change the role of ${member.name}`}
                >
                  {busy("change-role", member.id) ? "Saving..." : "Change"}
                </button>
              </Form>
              {you ? null : member.active ? (
                // Deactivating signs someone out at once: asked first, naming them and what follows.
                <ConfirmPopover
                  label={`Deactivate ${member.name}`}
                  trigger="Deactivate"
                  triggerClassName={QUIET_BUTTON}
                  disabled={busy("deactivate", member.id)}
                  autoFocus={changed("reactivate", member.id)}
                  question={deactivateQuestion(member)}
                >
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="deactivate" />
                    <input type="hidden" name="userId" value={member.id} />
                    <button type="submit" className={CONFIRM_BUTTON}>
                      Deactivate
                    </button>
                  </Form>
                </ConfirmPopover>
              ) : (
                // Reactivating asks nothing: it gives back what was taken, with the same role.
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="reactivate" />
                  <input type="hidden" name="userId" value={member.id} />
                  <button
                    type="submit"
                    disabled={busy("reactivate", member.id)}
                    autoFocus={changed("deactivate", member.id)}
                    className={SMALL_BUTTON}
                    aria-label={`Reactivate ${member.name}`}
                  >
                    Reactivate
                  </button>
                </Form>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
