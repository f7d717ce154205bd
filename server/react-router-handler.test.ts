import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { handlerPerBuild } from "./react-router-handler";

/** The smallest server build React Router serves: one resource route answering its own text. */
function buildAnswering(text: string) {
  const routes = {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/hello": { id: "routes/hello", parentId: "root", path: "hello", module: { loader: () => new Response(text) } },
  };
  const build = {
    entry: { module: { default: () => new Response("document") } },
    routes,
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {},
    basename: "/",
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
  return { build };
}

const get = (path: string) => new Request(`http://localhost${path}`);

describe("React Router's handler per build", () => {
  it("makes React Router's handler once for a build, not on every request", async () => {
    const { build } = buildAnswering("hello");
    const handlerFor = handlerPerBuild(() => Promise.resolve(build), "production");
    const first = await handlerFor();
    for (let request = 0; request < 5; request++) {
      const handle = await handlerFor();
      expect(handle).toBe(first);
      expect(await (await handle(get("/hello"))).text()).toBe("hello");
    }
  });

  it("serves a new build (a development reload) with routes of its own", async () => {
    const first = buildAnswering("before");
    const second = buildAnswering("after");
    let current = first.build;
    const handlerFor = handlerPerBuild(() => Promise.resolve(current), "production");
    expect(await (await (await handlerFor())(get("/hello"))).text()).toBe("before");
    current = second.build;
    expect(await (await (await handlerFor())(get("/hello"))).text()).toBe("after");
  });
});
