import { describe, expect, it } from "vitest";
import { deactivateQuestion } from "./staff-forms";

/**
 * The confirmation an Owner answers before deactivating someone on /edit/users. What it promises is what
 * models/staff.server.ts does (staff.server.test.ts and staff-invitations.server.test.ts prove each part).
 */
describe("the question before deactivating a member of staff", () => {
  it("names the person and says they are signed out at once, cannot sign in, and how to undo it", () => {
    expect(deactivateQuestion({ name: "Eve Editor", email: "eve@example.test", role: "editor", sessions: 2 })).toBe(
      "Deactivate Eve Editor (eve@example.test)?\n\n" +
        "They are signed out everywhere at once (2 open sessions) and can no longer sign in.\n\n" +
        "Reactivate undoes this: they can sign in again, with the same role.",
    );
  });

  it("says an Owner's waiting invitations are withdrawn, and makes no promise of sessions to end when there are none", () => {
    const question = deactivateQuestion({ name: "Olga Owner", email: "olga@example.test", role: "owner", sessions: 0 });
    expect(question).toContain("They can no longer sign in. Invitations they sent that are still waiting are withdrawn.");
    expect(question).not.toContain("signed out");
    expect(deactivateQuestion({ name: "Sam Sales", email: "sam@example.test", role: "sales", sessions: 1 })).toContain("(1 open session)");
  });
});
