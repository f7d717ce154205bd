import { describe, expect, it } from "vitest";
import { utcDate, utcTime } from "./utc-dates";

const intl = {
  time: new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" }),
  short: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
  long: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
};

describe("UTC dates written out by hand", () => {
  // Every month, first and last days, midnight and the last minute, and hours either side of noon, over several years.
  const dates: Date[] = [];
  for (let year = 2024; year <= 2027; year++)
    for (let month = 0; month < 12; month++)
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [15, 12, 30],
        [28, 23, 59],
      ] as const)
        dates.push(new Date(Date.UTC(year, month, day, hour, minute)));

  it("print exactly what the en-GB formatter prints", () => {
    for (const date of dates) {
      expect(utcTime(date)).toBe(intl.time.format(date));
      expect(utcDate(date, "short")).toBe(intl.short.format(date));
      expect(utcDate(date, "long")).toBe(intl.long.format(date));
    }
  });

  it("use UTC, not the machine's time zone", () => {
    const lateEvening = new Date("2026-11-26T23:30:00Z");
    expect(utcTime(lateEvening)).toBe("23:30");
    expect(utcDate(lateEvening, "short")).toBe("26 Nov 2026");
  });
});
