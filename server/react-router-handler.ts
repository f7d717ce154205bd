import type { Readable } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler as createReactRouterHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { explainOriginRefusal } from "./origin-refusal-log";
import { guardedBody } from "./request-guard";
import { requestUrl } from "./request-url";
import { answerFromRouteTable } from "./route-table-answers";

/**
 * @react-router/express's handler, with these differences: the body React Router reads is the one the request
 * guard checked and bounded (server/request-guard.ts), not the raw socket, which that adapter always reads
 * whole; requests the route table alone answers (server/route-table-answers.ts) never reach React Router; its
 * refusal of a post from another site says why; and a hook sees each response before it is sent. The rest follows
 * the adapter (docs/decisions/0016-request-guard-and-body-limits.md).
 */
export function createAppRequestHandler(options: {
  build: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** Sees each rendered response before it is sent, and may send another in its place (the page cache copies pages). */
  beforeSend?: (req: ExpressRequest, res: ExpressResponse, response: Response) => Promise<Response>;
}): RequestHandler {
  const handlerFor = handlerPerBuild(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res);
      const answered = answerFromRouteTable(await options.build(), request);
      if (answered) {
        await sendResponse(res, answered);
        return;
      }
      const handleRequest = await handlerFor();
      const response = explainOriginRefusal(request, await handleRequest(request, options.getLoadContext(req, res)));
      await sendResponse(res, options.beforeSend ? await options.beforeSend(req, res, response) : response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * React Router's handler for the build in force, made once per build. Given a function, React Router's own
 * createRequestHandler derives everything again on every request (its route objects, a static handler, and the
 * flattened and ranked route table): 6 % of the server's CPU under the enquiry bench. The build the function gives is
 * the same object until development reloads it, and a new one gets a handler of its own.
 */
export function handlerPerBuild(build: () => Promise<ServerBuild>, mode: string): () => Promise<ReturnType<typeof createReactRouterHandler>> {
  let current: { build: ServerBuild; handle: ReturnType<typeof createReactRouterHandler> } | undefined;
  return async () => {
    const loaded = await build();
    if (current?.build !== loaded) current = { build: loaded, handle: createReactRouterHandler(loaded, mode) };
    return current.handle;
  };
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // The request guard has refused a host or target that makes no URL; this only keeps that promise.
  const url = requestUrl(req);
  if (!url) throw Object.assign(new Error("the request names no valid host"), { status: 400 });

  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());

  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else if (values) headers.set(key, values);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = guardedBody(res) ?? req;
    init.body = Buffer.isBuffer(body) ? new Uint8Array(body) : createReadableStreamFromReadable(body as Readable);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded || res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
