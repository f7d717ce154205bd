import { describe, expect, it } from "vitest";
import type { AccountActionResult } from "./account-panel";
import { accountFormResult } from "./form-result";

/** The account page's forms share one action: each form's messages must come from its own submission only. */
describe("a form's result on the account page", () => {
  const wrongPassword: AccountActionResult = {
    intent: "change-password",
    result: { status: "error", initialValue: {}, error: { currentPassword: ["The current password is not right."] } },
  };

  it("is the form's own answer when it was the form sent", () => {
    expect(accountFormResult(wrongPassword, "change-password")).toBe(wrongPassword.result);
    expect(accountFormResult(undefined, "change-password")).toBeUndefined();
  });

  it("clears the form's messages after another form's answer, so its old 'wrong password' does not stay on screen", () => {
    const sessionSignedOut: AccountActionResult = { intent: "revoke-session", notice: "That session has been signed out." };
    const twoFactorRefused: AccountActionResult = {
      intent: "two-factor-start",
      result: { status: "error", initialValue: {}, error: { currentPassword: ["The password is not right."] } },
    };
    for (const answer of [sessionSignedOut, twoFactorRefused]) {
      // No errors and no initialValue: Conform replaces the form's errors with none and leaves what is typed alone.
      expect(accountFormResult(answer, "change-password")).toEqual({ error: {} });
      // The same object on every render of that answer: Conform clears once, not again at each keystroke.
      expect(accountFormResult(answer, "change-password")).toBe(accountFormResult(answer, "change-password"));
    }
    // Each answer clears anew: a second unrelated action after another wrong password clears that too.
    expect(accountFormResult(sessionSignedOut, "change-password")).not.toBe(accountFormResult(twoFactorRefused, "change-password"));
    // And the other form keeps its own error.
    expect(accountFormResult(twoFactorRefused, "two-factor-start")).toBe(twoFactorRefused.result);
  });
});
