import { describe, expect, it } from "vitest";
import { auditFieldLabel } from "./audit-fields";
import { AUDIT_KINDS } from "./audit-kinds";
import { SITE_SETTING_KEYS, SITE_SETTING_LABELS } from "./site-settings";

describe("audit trail field labels", () => {
  it("names every setting as the Settings screen does", () => {
    for (const key of SITE_SETTING_KEYS) expect(auditFieldLabel("settings", key)).toBe(SITE_SETTING_LABELS[key]);
    expect(auditFieldLabel("settings", "workingHours")).toBe("Working hours");
  });

  it("names the fields of listings, content, media, users, accounts and enquiries in words", () => {
    expect(auditFieldLabel("listing", "priceAmount")).toBe("Price");
    expect(auditFieldLabel("listing", "homeSlidePosition")).toBe("Place in the home carousel");
    expect(auditFieldLabel("content", "content")).toBe("Content");
    expect(auditFieldLabel("media", "file")).toBe("File");
    expect(auditFieldLabel("user", "sessions")).toBe("Open sessions");
    expect(auditFieldLabel("account", "role")).toBe("Role");
    expect(auditFieldLabel("enquiry", "assignee")).toBe("Assignee");
  });

  it("never shows a raw key, whatever the kind", () => {
    for (const { value } of AUDIT_KINDS) expect(auditFieldLabel(value, "someNewField_name")).toBe("Some new field name");
    expect(auditFieldLabel("unknown-kind", "lastVerifiedOn")).toBe("Last verified on");
    // Keys that are also Object.prototype's own names are fields like any other.
    expect(auditFieldLabel("settings", "constructor")).toBe("Constructor");
  });
});
