import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { describeError, loggableUrl } from "./log-redaction.server";

describe("what the logs may say", () => {
  it("masks secret-looking query values and keeps the rest of the request target", () => {
    expect(loggableUrl("/setup?token=abc123")).toBe("/setup?token=[redacted]");
    expect(loggableUrl("/cars?q=villa&page=2")).toBe("/cars?q=villa&page=2");
    expect(loggableUrl("/reset?email=a%40b.c&reset%5Ftoken=xyz")).toBe("/reset?email=a%40b.c&reset%5Ftoken=[redacted]");
    expect(loggableUrl("/x?%zz=1&api_key=2")).toBe("/x?%zz=1&api_key=[redacted]");
  });

  it("keeps a failed query's SQL and the database's reason, never the values bound to it", () => {
    const cause = Object.assign(new Error("connection terminated"), { code: "57P01" });
    const error = new DrizzleQueryError('select * from "auth_session" where "token" = $1', ["secret-session-token"], cause);
    const described = JSON.stringify(describeError(error));
    expect(described).not.toContain("secret-session-token");
    expect(described).toContain('where \\"token\\" = $1');
    expect(described).toContain("connection terminated");
    expect(described).toContain("57P01");
  });
});
