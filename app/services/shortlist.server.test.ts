import { describe, expect, it } from "vitest";
import { readShortlist, writeShortlist } from "./shortlist.server";

function requestWith(setCookie: string) {
  return new Request("https://whitestreams.example/", { headers: { Cookie: setCookie.split(";")[0]! } });
}

describe("the ws_shortlist cookie", () => {
  it("round-trips a list, lasts a year, and is http-only, same-site and secure on HTTPS", async () => {
    const header = await writeShortlist(["spitfire", "mclaren-artura-2025"], { secure: true });
    expect(header).toMatch(/^ws_shortlist=/);
    expect(header).toMatch(/Max-Age=31536000/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Secure/);
    expect(await readShortlist(requestWith(header))).toEqual(["spitfire", "mclaren-artura-2025"]);
  });

  it("deletes the cookie when the list is empty, so the visitor gets the shared page cache again", async () => {
    const header = await writeShortlist([], { secure: false });
    expect(header).toMatch(/^ws_shortlist=;/);
    expect(header).toMatch(/Max-Age=0/);
    expect(header).not.toMatch(/Secure/);
  });

  it("reads nothing from a missing or tampered cookie, and only valid ids from an edited one", async () => {
    expect(await readShortlist(new Request("https://whitestreams.example/"))).toEqual([]);
    expect(await readShortlist(requestWith("ws_shortlist=not-base64-json!"))).toEqual([]);
    const edited = Buffer.from(JSON.stringify(["spitfire", "<img src=x>", { id: 1 }])).toString("base64");
    expect(await readShortlist(requestWith(`ws_shortlist=${encodeURIComponent(edited)}`))).toEqual(["spitfire"]);
  });
});
