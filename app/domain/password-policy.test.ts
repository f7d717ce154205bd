import { describe, expect, it } from "vitest";
import { currentPasswordSchema, isCommonPassword, PASSWORD_MESSAGES, passwordSchema } from "./password-policy";

const problem = (password: string) => passwordSchema.safeParse(password).error?.issues[0]?.message ?? null;

describe("password policy", () => {
  it("refuses fewer than 12 characters and more than 128, counting characters as people see them", () => {
    expect(problem("elevenchars")).toBe(PASSWORD_MESSAGES.tooShort);
    expect(problem("")).toBe(PASSWORD_MESSAGES.required);
    expect(problem(undefined as unknown as string)).toBe(PASSWORD_MESSAGES.required);
    // Eleven emoji are 22 UTF-16 units but 11 characters: still too short.
    expect(problem("🦄".repeat(11))).toBe(PASSWORD_MESSAGES.tooShort);
    expect(problem("x".repeat(64) + " river delta")).toBeNull();
    expect(problem("a quiet harbour at dawn, ".repeat(5).slice(0, 128))).toBeNull();
    expect(problem("a quiet harbour at dawn, ".repeat(6))).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it("accepts Unicode passphrases and long ones, whole", () => {
    expect(problem("pässwörd-ünicode-✓")).toBeNull();
    expect(problem("東京の夜景はとても綺麗です")).toBeNull();
    expect(problem("🦄🌊⛵🌴🐚🦀🐬🌅🍍🥥🐠🦩")).toBeNull();
    expect(problem("🦄".repeat(12))).toBe(PASSWORD_MESSAGES.common);
    const long = "the gulls over the quay at low tide sound like rusty gates ".repeat(2).trim();
    expect(long.length).toBeGreaterThan(100);
    expect(passwordSchema.parse(long)).toBe(long);
  });

  it.each([
    "aaaaaaaaaaaa",
    "password1234",
    "123456789012",
    "Password1234!",
    "qwertyuiop12",
    "1qaz2wsx3edc",
    "!!monkey2024!!",
    "lovelovelove",
    "abcabcabcabc",
  ])("refuses the common or thinly disguised %s", (password) => {
    expect(isCommonPassword(password)).toBe(true);
    expect(problem(password)).toBe(PASSWORD_MESSAGES.common);
  });

  it.each(["twelve chars ok", "correct horse battery staple", "Velvet-Harbour-1987", "my yacht is blue 2024"])("accepts %s", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  it("asks nothing of a password typed to sign in except that it is there and could be a password", () => {
    expect(currentPasswordSchema.safeParse("short").success).toBe(true);
    expect(currentPasswordSchema.safeParse("").success).toBe(false);
    expect(currentPasswordSchema.safeParse("x".repeat(10_000)).success).toBe(false);
  });
});
