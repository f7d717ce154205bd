import type { TwoFactorStatus } from "#app/domain/two-factor-codes";
import { AccountNotice, type AccountActionResult } from "./account-panel";
import { PasswordConfirmForm } from "./password-confirm-form";
import { RecoveryCodes } from "./recovery-codes";
import { TwoFactorSetup } from "./two-factor-setup";

function StatusLine({ status }: { status: TwoFactorStatus }) {
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm text-ink">
      <span
        className={`inline-block border px-2 py-0.5 text-[0.65rem] tracking-[0.14em] uppercase ${status.enabled ? "border-forest-600/50 text-forest-700" : "border-stone/40 text-stone"}`}
      >
        {status.enabled ? "On" : "Off"}
      </span>
      {status.enabled
        ? `Signing in asks for a code from your authenticator app. ${status.recoveryCodesLeft} of 10 recovery codes unused.`
        : "Signing in asks for your password only."}
    </p>
  );
}

/**
 * Two-step sign-in on the account page, in whichever step the last answer left it: a setup waiting for its first
 * code, recovery codes to be saved, or the current state with what can be done from it.
 */
export function TwoFactorPanel({ status, answer }: { status: TwoFactorStatus; answer?: AccountActionResult }) {
  if (answer?.setup) return <TwoFactorSetup setup={answer.setup} answer={answer} />;
  if (answer?.recoveryCodes) {
    return (
      <div className="space-y-6">
        <AccountNotice answer={answer} intent={answer.intent} />
        <RecoveryCodes codes={answer.recoveryCodes} />
      </div>
    );
  }
  const noticeIntents = ["two-factor-disable", "recovery-codes-saved", "two-factor-confirm"] as const;
  return (
    <div className="space-y-6">
      <StatusLine status={status} />
      {noticeIntents.map((intent) => (
        <AccountNotice key={intent} answer={answer} intent={intent} />
      ))}
      {status.enabled ? (
        <div className="grid gap-8 border-t border-linen pt-6 md:grid-cols-2">
          <section aria-labelledby="recovery-codes-title">
            <h3 id="recovery-codes-title" className="text-xs font-medium tracking-[0.18em] text-forest-900 uppercase">
              New recovery codes
            </h3>
            <p className="mt-2 mb-4 text-sm text-stone">Makes ten new codes; the old ones stop working.</p>
            <PasswordConfirmForm intent="recovery-codes" answer={answer} label="Make new codes" busyLabel="Making..." />
          </section>
          <section aria-labelledby="two-factor-off-title">
            <h3 id="two-factor-off-title" className="text-xs font-medium tracking-[0.18em] text-forest-900 uppercase">
              Turn off
            </h3>
            <p className="mt-2 mb-4 text-sm text-stone">Signing in will ask for your password only.</p>
            <PasswordConfirmForm intent="two-factor-disable" answer={answer} label="Turn off" busyLabel="Turning off..." />
          </section>
        </div>
      ) : (
        <PasswordConfirmForm intent="two-factor-start" answer={answer} label="Set up two-step sign-in" busyLabel="Preparing..." primary />
      )}
    </div>
  );
}
