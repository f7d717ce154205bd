import { describe, expect, it } from "vitest";
import { changeShortlist, cleanShortlist, decodeShareList, enquirySourceLabel, mergeShortlists, sharePath, SHORTLIST_MAX } from "./shortlist";

describe("shortlist rules", () => {
  it("keeps valid listing ids only, each once, and at most SHORTLIST_MAX", () => {
    expect(cleanShortlist(["spitfire", "spitfire", "<script>", "Upper", 42, "", "f3c1e8a2-0000-4000-8000-000000000001"])).toEqual([
      "spitfire",
      "f3c1e8a2-0000-4000-8000-000000000001",
    ]);
    const many = Array.from({ length: SHORTLIST_MAX + 10 }, (_, index) => `listing-${index}`);
    expect(cleanShortlist(many)).toHaveLength(SHORTLIST_MAX);
  });

  it("adds to the front, removes, and drops the oldest when full", () => {
    expect(changeShortlist(["a", "b"], "c", true)).toEqual(["c", "a", "b"]);
    expect(changeShortlist(["a", "b"], "a", true)).toEqual(["a", "b"]);
    expect(changeShortlist(["a", "b"], "a", false)).toEqual(["b"]);
    const full = Array.from({ length: SHORTLIST_MAX }, (_, index) => `l${index}`);
    const next = changeShortlist(full, "new", true);
    expect(next[0]).toBe("new");
    expect(next).toHaveLength(SHORTLIST_MAX);
    expect(next).not.toContain(`l${SHORTLIST_MAX - 1}`);
  });

  it("shares a list as a link and reads it back; merging keeps one's own first", () => {
    expect(sharePath(["spitfire", "mclaren-artura-2025"])).toBe("/shortlist?list=spitfire.mclaren-artura-2025");
    expect(decodeShareList("spitfire.mclaren-artura-2025..javascript:alert(1)")).toEqual(["spitfire", "mclaren-artura-2025"]);
    expect(decodeShareList(null)).toEqual([]);
    expect(mergeShortlists(["b", "a"], ["a", "c"])).toEqual(["b", "a", "c"]);
  });

  it("names an enquiry's source for staff", () => {
    expect(enquirySourceLabel("/cars/x", "2019 Bugatti Chiron")).toBe("2019 Bugatti Chiron");
    expect(enquirySourceLabel("/shortlist?list=a.b.c", null)).toBe("Shortlist of 3 listings");
    expect(enquirySourceLabel("/cars/gone", null)).toBe("Listing removed");
    expect(enquirySourceLabel(null, null)).toBe("Contact page");
  });
});
