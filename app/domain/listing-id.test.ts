import { describe, expect, it } from "vitest";
import { isListingId } from "./listing-id";
import { listingIdSchema } from "./listing-id-schema";

describe("listing ids", () => {
  it("are a seeded listing's slug or a new listing's UUID", () => {
    for (const id of ["bugatti-chiron-2019", "spitfire", "f3c1e8a2-0000-4000-8000-000000000001", "a"]) {
      expect(isListingId(id), id).toBe(true);
      expect(listingIdSchema.safeParse(id).success, id).toBe(true);
    }
  });

  it("are nothing else: a NUL (also as JSON text), capitals, spaces, paths, markup, too long", () => {
    for (const id of ["a\u0000b", "a\\u0000b", "Upper", "a b", "../x", "x/y", "<script>", "-leading", "", "a".repeat(101), 42, null]) {
      expect(isListingId(id), String(id)).toBe(false);
      expect(listingIdSchema.safeParse(id).success, String(id)).toBe(false);
    }
  });
});
