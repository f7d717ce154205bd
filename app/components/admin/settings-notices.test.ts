import { describe, expect, it } from "vitest";
import { retentionQuestionText } from "./settings-notices";

/** The words an Owner reads before a shorter retention period is saved (the numbers come from the server). */
describe("the question before shortening the retention period", () => {
  const times = { receivedBefore: "2025-11-29T12:36:00.000Z", deletedBy: "2026-11-30T13:36:00.000Z" };

  it("says how many stored enquiries fall outside the new period, that they are deleted for good, and by when", () => {
    expect(retentionQuestionText({ from: 24, to: 12, outside: 37, ...times })).toEqual({
      title: "Shorten the retention period from 24 to 12 months?",
      consequence:
        "37 stored enquiries are older than 12 months (received before 29 Nov 2025, 12:36 UTC). " +
        "The daily clean-up will delete them for good, with their e-mails and notes, by 30 Nov 2026, 13:36 UTC.",
      keep:
        "Nothing has been saved yet, and your changes are still in the form. " +
        "To keep those enquiries, set “Keep enquiries for (months)” back to 24, then save.",
      confirm: "Shorten to 12 months and delete 37 enquiries",
    });
  });

  it("reads right for one enquiry, for none, and for a period of one month", () => {
    const one = retentionQuestionText({ from: 6, to: 1, outside: 1, ...times });
    expect(one.title).toBe("Shorten the retention period from 6 to 1 month?");
    expect(one.consequence).toMatch(/^1 stored enquiry is older than 1 month .* delete it for good, with its e-mails and notes/);
    expect(one.confirm).toBe("Shorten to 1 month and delete 1 enquiry");
    const none = retentionQuestionText({ from: 24, to: 18, outside: 0, ...times });
    expect(none.consequence).toBe(
      "No stored enquiry is older than 18 months (received before 29 Nov 2025, 12:36 UTC), so none is deleted now; " +
        "from now on, enquiries are deleted once they are 18 months old.",
    );
    expect(none.keep).toContain("To keep the 24-month period");
    expect(none.confirm).toBe("Shorten to 18 months");
  });
});
