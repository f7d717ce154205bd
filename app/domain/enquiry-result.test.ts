import { describe, expect, it } from "vitest";
import { CONTACT_FAILURE_MESSAGE, LISTING_FAILURE_MESSAGE, listingFailureMessage } from "./enquiry-result";

describe("listingFailureMessage", () => {
  it("asks the visitor to check the form when the server refused a field (a form posted without JavaScript)", () => {
    expect(listingFailureMessage({ status: "error", error: { email: ["Please enter a valid email address."] } })).toBe(CONTACT_FAILURE_MESSAGE);
  });

  it("says to try again later when the send itself failed (the form's own notice, no field named)", () => {
    expect(listingFailureMessage({ status: "error", error: { "": ["Too many enquiries from this connection."] } })).toBe(LISTING_FAILURE_MESSAGE);
    // A stale submission id is the page's fault, not the visitor's fields.
    expect(listingFailureMessage({ status: "error", error: { submission_id: ["Reload the page."], name: null } })).toBe(LISTING_FAILURE_MESSAGE);
  });
});
