import { describe, expect, it } from "vitest";
import { eraseAddressSchema, findAddressSchema } from "./privacy-forms";

/** Enquiries keep a domain in another script in its ASCII form: the privacy requests must find them by either form. */
describe("the personal-data forms' address", () => {
  it("is looked up in the ASCII form enquiries are stored in, however the domain was typed", () => {
    expect(findAddressSchema.parse({ email: "jose@bücher.de" }).email).toBe("jose@xn--bcher-kva.de");
    expect(findAddressSchema.parse({ email: " jose@xn--bcher-kva.de " }).email).toBe("jose@xn--bcher-kva.de");
  });

  it("confirms an erasure typed once in each form, and still refuses another address", () => {
    expect(eraseAddressSchema.safeParse({ email: "jose@bücher.de", confirm: "jose@xn--bcher-kva.de" }).success).toBe(true);
    expect(eraseAddressSchema.safeParse({ email: "jose@xn--bcher-kva.de", confirm: "Jose@Bücher.de" }).success).toBe(true);
    const other = eraseAddressSchema.safeParse({ email: "jose@bücher.de", confirm: "jose@bucher.de" });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]?.message).toBe("Type the same address again to confirm the erasure.");
  });
});
