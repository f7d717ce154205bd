import type { SubmissionResult } from "@conform-to/react";
import type { AccountIntent } from "#app/domain/account-forms";
import type { AccountActionResult } from "./account-panel";

/** One clearing per answer, so a form sees the same result on every render and is cleared once, not at each keystroke. */
const clearings = new WeakMap<AccountActionResult, SubmissionResult<string[]>>();

/**
 * What one form of the account page hands to Conform as its last result. The page's forms share one action, and
 * Conform keeps a form's errors until it is given another result; so after an answer to another form (a session
 * signed out, a two-step change) this form is given a result with no errors and no values: Conform then drops its
 * messages (its "wrong password" no longer stands beside an outcome it has nothing to do with) and keeps what is
 * typed in it (a reset, `initialValue: null`, would empty the fields too).
 */
export function accountFormResult(answer: AccountActionResult | undefined, intent: AccountIntent): SubmissionResult<string[]> | undefined {
  if (!answer) return undefined;
  if (answer.intent === intent) return answer.result;
  let cleared = clearings.get(answer);
  if (!cleared) {
    cleared = { error: {} };
    clearings.set(answer, cleared);
  }
  return cleared;
}
