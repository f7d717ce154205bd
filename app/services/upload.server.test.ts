import { describe, expect, it } from "vitest";
import { sanitizeFileName } from "./upload.server";

describe("sanitizeFileName", () => {
  it("shows a file name the way its bytes read: a right-to-left override cannot disguise an .exe as a .jpg", () => {
    // Displayed with the override, this reads "villaexe.jpg".
    expect(sanitizeFileName("villa\u202Egpj.exe")).toBe("villagpj.exe");
  });

  it("removes every invisible direction and zero-width character", () => {
    const invisible = {
      "embeddings and overrides": "\u202A\u202B\u202C\u202D\u202E",
      isolates: "\u2066\u2067\u2068\u2069",
      marks: "\u200E\u200F\u061C",
      "zero-width space, word joiner, byte-order mark, soft hyphen": "\u200B\u2060\uFEFF\u00AD",
    };
    for (const [group, characters] of Object.entries(invisible)) {
      for (const character of characters) {
        const code = character.codePointAt(0)!.toString(16).toUpperCase();
        expect(sanitizeFileName(`photo${character}1.jpg`), `${group}: U+${code}`).toBe("photo1.jpg");
      }
    }
  });

  it("falls back to the default name when only invisible characters were sent", () => {
    expect(sanitizeFileName("\u202E\u202E\u202E")).toBe("file");
    expect(sanitizeFileName("\u200B\u200D\u200C\uFEFF")).toBe("file");
    // What is left after the invisible ones must still be checked: a hidden leading dot is removed too.
    expect(sanitizeFileName("\u202E.\u2066 ")).toBe("file");
  });

  it("keeps joiners that shape a Persian word or join an emoji, and drops them anywhere else", () => {
    expect(sanitizeFileName("می\u200Cخواهم.jpg")).toBe("می\u200Cخواهم.jpg");
    expect(sanitizeFileName("team-\u{1F469}\u{1F3FD}\u200D\u{1F4BB}.png")).toBe("team-\u{1F469}\u{1F3FD}\u200D\u{1F4BB}.png");
    expect(sanitizeFileName("\u200Dvilla\u200C.jpg")).toBe("villa.jpg");
    expect(sanitizeFileName("villa\u200D\u202Egpj.exe")).toBe("villagpj.exe");
  });

  it("still removes folders, control characters and HTML characters, and keeps ordinary names as they are", () => {
    expect(sanitizeFileName("../../etc/pass<wd>\u0007.png")).toBe("passwd.png");
    expect(sanitizeFileName("C:\\Users\\me\\Villa Rosa – front.jpg")).toBe("Villa Rosa – front.jpg");
    expect(sanitizeFileName("Ünïcödé façade.webp")).toBe("Ünïcödé façade.webp");
    expect(sanitizeFileName(undefined)).toBe("file");
  });
});
