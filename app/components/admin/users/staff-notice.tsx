import type { SubmissionResult } from "@conform-to/react";
import type { StaffIntent } from "#app/domain/staff-forms";

/**
 * The Users screen action's answer, as the components see it (the server's type lives in a .server module, which
 * components may not import, even for a type).
 */
export type StaffAnswer = {
  intent: StaffIntent;
  result?: SubmissionResult<string[]>;
  notice?: string;
  error?: string;
  subjectId?: string;
};

/** The outcome of the last change, shown where the Owner made it: a status line, or an alert when it was refused. */
export function StaffNotice({ answer, intents, subjectId }: { answer?: StaffAnswer; intents: readonly StaffIntent[]; subjectId?: string }) {
  if (!answer || !intents.includes(answer.intent)) return null;
  if (subjectId !== undefined && answer.subjectId !== subjectId) return null;
  if (answer.error)
    return (
      <p role="alert" className="mt-3 border-l-2 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-800">
        {answer.error}
      </p>
    );
  if (!answer.notice) return null;
  return (
    <p role="status" className="mt-3 border-l-2 border-forest-600 bg-forest-600/8 px-4 py-3 text-sm text-forest-900">
      {answer.notice}
    </p>
  );
}

export const SMALL_BUTTON =
  "inline-flex h-10 items-center justify-center border border-forest-900 px-4 text-[0.7rem] font-medium tracking-[0.16em] text-forest-900 uppercase transition-colors hover:bg-forest-900 hover:text-ivory disabled:opacity-60";
export const QUIET_BUTTON =
  "inline-flex h-10 items-center justify-center border border-linen px-4 text-[0.7rem] font-medium tracking-[0.16em] text-ink/75 uppercase transition-colors hover:border-red-800 hover:text-red-800 disabled:opacity-60";
export const BADGE = "inline-block border px-2 py-0.5 text-[0.65rem] tracking-[0.14em] whitespace-nowrap uppercase";
