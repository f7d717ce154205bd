import { describe, expect, it } from "vitest";
import { agreeing, countOf } from "./plural";

describe("plurals", () => {
  it("uses the singular for one only", () => {
    expect(countOf(1, "listing")).toBe("1 listing");
    expect(countOf(0, "listing")).toBe("0 listings");
    expect(countOf(5, "listing")).toBe("5 listings");
    expect(countOf(2, "enquiry", "enquiries")).toBe("2 enquiries");
  });

  it("makes the verb agree", () => {
    expect(`${countOf(1, "listing")} ${agreeing(1, "matches", "match")}`).toBe("1 listing matches");
    expect(`${countOf(3, "listing")} ${agreeing(3, "matches", "match")}`).toBe("3 listings match");
  });
});
