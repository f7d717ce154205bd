import { RouterContextProvider, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { servicesContext } from "../app/db/context";
import { logger } from "../app/services/logger.server";
import { logOriginRefusals } from "./origin-refusal-log";

/** React Router's refusal of a form post from another site reaches only the build's handleError: it must be a security event. */
function setUp(sessionEmail: string | null) {
  const entryHandleError = vi.fn();
  const build = logOriginRefusals({ entry: { module: { handleError: entryHandleError } }, routes: {} } as unknown as ServerBuild);
  const context = new RouterContextProvider();
  const getSession = () => Promise.resolve(sessionEmail ? { user: { email: sessionEmail } } : null);
  context.set(servicesContext, { auth: { api: { getSession } }, clientIp: "::ffff:203.0.113.7" } as never);
  const handleError = (error: Error, request: Request) => build.entry.module.handleError!(error, { request, params: {}, context });
  return { entryHandleError, handleError };
}

const post = (origin: string | null) =>
  new Request("http://shop.test/contact", { method: "POST", headers: origin === null ? {} : { origin }, body: "name=x" });

describe("React Router's origin refusals in the log", () => {
  it("are security events with the address and the session's member, instead of a 'request failed' line", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const { entryHandleError, handleError } = setUp("owner@example.test");
    handleError(new Error("The `request.url` origin does not match `origin` header from a forwarded action request."), post("https://evil.example"));
    // A data request's refusal says only "Bad Request"; "null" and a broken Origin are refused too.
    handleError(new Error("Bad Request"), post("null"));
    handleError(new Error("`origin` header is not a valid URL. Aborting the action."), post("http://[bad"));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(3));
    expect(warn.mock.calls.map(([fields]) => fields)).toEqual([
      expect.objectContaining({
        security: "origin-refused",
        actor: "owner@example.test",
        ip: "203.0.113.7",
        origin: "https://evil.example",
        path: "/contact",
      }),
      expect.objectContaining({ security: "origin-refused", origin: "null" }),
      expect.objectContaining({ security: "origin-refused", origin: "http://[bad" }),
    ]);
    expect(entryHandleError).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("leaves every other error to the entry's handler", () => {
    const { entryHandleError, handleError } = setUp(null);
    handleError(new Error("Bad Request"), post("http://shop.test"));
    handleError(new Error("Bad Request"), post(null));
    handleError(new Error("a bug"), new Request("http://shop.test/contact", { headers: { origin: "https://evil.example" } }));
    expect(entryHandleError).toHaveBeenCalledTimes(3);
  });
});
