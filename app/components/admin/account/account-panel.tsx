import type { SubmissionResult } from "@conform-to/react";
import type { AccountIntent } from "#app/domain/account-forms";

/** What the account page's action answers: which form, Conform's result for it, and what to tell the user. */
export type AccountActionResult = {
  intent: AccountIntent;
  result?: SubmissionResult<string[]>;
  notice?: string;
  /** A two-step sign-in setup waiting for its first code: the QR code (a data: URL), the secret, the otpauth URI. */
  setup?: { qrDataUrl: string; secret: string; totpUri: string };
  /** Shown once, right after two-step sign-in was turned on or new recovery codes were made. */
  recoveryCodes?: string[];
};

export const SMALL_BUTTON =
  "inline-flex h-11 items-center justify-center border border-forest-900 px-4 text-[0.72rem] font-medium tracking-[0.16em] text-forest-900 uppercase transition-colors hover:bg-forest-900 hover:text-ivory disabled:opacity-60";

/** One part of the account page: a titled white panel in the admin's style. */
export function AccountPanel({ id, title, intro, children }: { id: string; title: string; intro: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="border border-linen bg-white/70 p-5 sm:p-7">
      <h2 id={`${id}-title`} className="font-display text-2xl text-forest-900">
        {title}
      </h2>
      <p className="mt-2 max-w-2xl text-sm leading-relaxed text-stone">{intro}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** The success line under a form, when this form was the one sent. */
export function AccountNotice({ answer, intent }: { answer?: AccountActionResult; intent: AccountIntent }) {
  if (answer?.intent !== intent || !answer.notice) return null;
  return (
    <p role="status" className="mt-4 border-l-2 border-forest-600 bg-forest-600/8 px-4 py-3 text-sm text-forest-900">
      {answer.notice}
    </p>
  );
}
