import { Form, useNavigation } from "react-router";
import { formatAdminDate } from "#app/components/admin/enquiry-status";
import { describeUserAgent } from "#app/domain/user-agent";
import { AccountNotice, SMALL_BUTTON, type AccountActionResult } from "./account-panel";

export type SessionView = {
  id: string;
  current: boolean;
  signedInAt: string;
  lastActiveAt: string;
  ipAddress: string | null;
  userAgent: string | null;
};

/** Where the member is signed in, each with Sign out; and Sign out everywhere (this browser too). */
export function SessionList({ sessions, answer }: { sessions: SessionView[]; answer?: AccountActionResult }) {
  const navigation = useNavigation();
  const busyId = navigation.formData?.get("intent") === "revoke-session" ? navigation.formData.get("sessionId") : null;
  const busyAll = navigation.formData?.get("intent") === "sign-out-everywhere";
  return (
    <div>
      <ul className="divide-y divide-linen border-y border-linen">
        {sessions.map((session) => {
          const device = describeUserAgent(session.userAgent);
          return (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-4 py-4">
              <div className="min-w-0">
                <p className="font-medium text-forest-900">
                  {device}
                  {session.current ? (
                    <span className="ml-2 inline-block border border-gold-500/50 px-2 py-0.5 align-middle text-[0.65rem] tracking-[0.14em] text-gold-700 uppercase">
                      This browser
                    </span>
                  ) : null}
                </p>
                <p className="mt-1 text-xs text-stone">
                  {session.ipAddress ? `${session.ipAddress} · ` : ""}Signed in {formatAdminDate(session.signedInAt)} · Last active{" "}
                  {formatAdminDate(session.lastActiveAt)}
                </p>
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="revoke-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <button
                  type="submit"
                  disabled={busyId === session.id}
                  className={SMALL_BUTTON}
                  aria-label={`Sign out ${device}${session.current ? " (this browser)" : ""}`}
                >
                  {busyId === session.id ? "Signing out..." : "Sign out"}
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
      <AccountNotice answer={answer} intent="revoke-session" />
      <Form method="post" className="mt-6">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <button type="submit" disabled={busyAll} className="btn-primary disabled:opacity-60">
          {busyAll ? "Signing out..." : "Sign out everywhere"}
        </button>
        <p className="mt-2 text-xs text-stone">Ends every session of your account, this browser included.</p>
      </Form>
    </div>
  );
}
