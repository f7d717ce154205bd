import type { ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { logger } from "../app/services/logger.server";
import { answerDatabaseFaults } from "./database-fault-answers";

/**
 * Every loader and action of the build answers the two database faults the same way: a value PostgreSQL refuses
 * (SQLSTATE class 22) is the client's 400, on pages and resources alike; an unreachable database is a resource
 * route's 503 with Retry-After (pages get theirs from entry.server.tsx, which needs the original error).
 */
const dataException = () =>
  new Error("Failed query: insert …", { cause: Object.assign(new Error("invalid byte sequence for encoding"), { code: "22021" }) });
const unreachable = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

function buildThrowing(error: () => Error): ServerBuild {
  const fail = () => Promise.reject(error());
  const page = { default: () => null, loader: fail, action: fail };
  const resource = { loader: fail, action: fail };
  return {
    entry: { module: {} },
    routes: {
      page: { id: "page", path: "page", module: page },
      resource: { id: "resource", path: "resource.xml", module: resource },
    },
  } as unknown as ServerBuild;
}

async function thrownBy(build: ServerBuild, id: "page" | "resource", kind: "loader" | "action"): Promise<unknown> {
  const handler = build.routes[id]!.module[kind]!;
  const args = { request: new Request("http://shop.test/x?q=1"), params: {}, context: {} } as Parameters<typeof handler>[0];
  try {
    await handler(args);
  } catch (error) {
    return error;
  }
  throw new Error("the handler did not throw");
}

describe("database faults answered for every route", () => {
  it("answers a value the database refuses with 400: a page's boundary shows it, a resource answers plain text", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const build = answerDatabaseFaults(buildThrowing(dataException));
    for (const kind of ["loader", "action"] as const) {
      const page = (await thrownBy(build, "page", kind)) as { type?: string; init?: ResponseInit };
      expect(page.type).toBe("DataWithResponseInit");
      expect(page.init?.status).toBe(400);
      const resource = await thrownBy(build, "resource", kind);
      expect(resource).toBeInstanceOf(Response);
      expect((resource as Response).status).toBe(400);
      expect((resource as Response).headers.get("Cache-Control")).toBe("no-store");
      expect(await (resource as Response).text()).toContain("cannot be stored");
    }
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ code: "22021", url: "/x?q=1" }), expect.stringContaining("answered 400"));
    warn.mockRestore();
  });

  it("answers an unreachable database on a resource route with 503 and Retry-After, and leaves pages to the entry", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const build = answerDatabaseFaults(buildThrowing(unreachable));
    const resource = (await thrownBy(build, "resource", "loader")) as Response;
    expect(resource.status).toBe(503);
    expect(resource.headers.get("Retry-After")).toBe("30");
    expect(resource.headers.get("Cache-Control")).toBe("no-store");
    expect(((await thrownBy(build, "resource", "action")) as Response).status).toBe(503);
    // entry.server.tsx's handleError recognises the original error and renders its own page.
    expect(await thrownBy(build, "page", "loader")).toMatchObject({ code: "ECONNREFUSED" });
    warn.mockRestore();
  });

  it("lets every other error take its usual way, and wraps a build once", async () => {
    const build = buildThrowing(() => new Error("a bug"));
    const answered = answerDatabaseFaults(build);
    expect(await thrownBy(answered, "resource", "loader")).toMatchObject({ message: "a bug" });
    expect(await thrownBy(answered, "page", "action")).toMatchObject({ message: "a bug" });
    expect(answerDatabaseFaults(build)).toBe(answered);
  });
});
