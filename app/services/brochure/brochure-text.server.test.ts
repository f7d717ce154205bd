import { describe, expect, it } from "vitest";
import { faceFor, printable } from "./brochure-text.server";

describe("the brochure's text and faces", () => {
  it("keeps every letter its face draws, and a line break; drops control characters and turns a tab into a space", () => {
    expect(printable("Łódź\tŠkoda\nМосква\u0007", "body")).toBe("Łódź Škoda\nМосква");
  });

  it("leaves out characters no face draws (Chinese, Arabic, emoji) instead of printing boxes, closing up the spaces", () => {
    expect(printable("Villa 海景 فيلا 🌊 Dubai", "body")).toBe("Villa Dubai");
  });

  it("draws a title in the display face, and a Greek one, which that face lacks, in the body face", () => {
    expect(faceFor("Вилла в Сочи", "display")).toBe("display");
    expect(faceFor("Villa Étoile", "display")).toBe("display");
    expect(faceFor("Βίλα στη Μύκονο", "display")).toBe("body");
    // The body face is the stand-in of nothing: a text it lacks letters of stays in it.
    expect(faceFor("海景", "body")).toBe("body");
  });
});
