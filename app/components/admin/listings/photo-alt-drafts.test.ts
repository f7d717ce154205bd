import { describe, expect, it } from "vitest";
import { altProblem, unsavedAlts } from "./photo-alt-drafts";

describe("alt text typed on the editor's photos", () => {
  const photos = [
    { id: "a", alt: "The terrace" },
    { id: "b", alt: "" },
    { id: "c", alt: "The hall" },
  ];

  it("counts as not saved only where it differs from what is saved, as either Save would store it", () => {
    const typed = { a: "  The terrace ", b: "The pool at dusk", c: "", gone: "A photo deleted meanwhile" };
    expect(unsavedAlts(photos, typed)).toEqual([
      { id: "b", alt: "The pool at dusk", position: 2, count: 3 },
      { id: "c", alt: "", position: 3, count: 3 },
    ]);
    expect(unsavedAlts(photos, {})).toEqual([]);
  });

  it("is refused by the photo Save's own rules, with its words", () => {
    expect(altProblem("The pool at dusk")).toBeNull();
    expect(altProblem("")).toBeNull();
    expect(altProblem("Two\tcolumns")).toBe("Alt text must be one line of plain text.");
    expect(altProblem("x".repeat(201))).toBe("Keep the alt text under 200 characters.");
  });
});
