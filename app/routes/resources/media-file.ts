import { createReadableStreamFromReadable } from "@react-router/node";
import type { Route } from "./+types/media-file";
import { servicesContext } from "#app/db/context";
import { isValidStorageKey, parseRange, rangeStillApplies } from "#app/services/storage/storage.server";

/**
 * GET /media/<key>: a stored upload, streamed with its real content type. Keys are generated and
 * never reused (storage refuses overwrites), so every file is immutable and cached for a year.
 * Range requests are answered so video and audio can seek.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isValidStorageKey(key) || !/^(media|content|listings|imports)\//.test(key)) return notFound();
  const { storage } = context.get(servicesContext);

  const info = await storage.head(key);
  if (!info) return notFound();
  const range = rangeStillApplies(request.headers.get("if-range"), info.lastModified) ? parseRange(request.headers.get("range"), info.size) : null;
  const common = {
    "Content-Type": info.contentType,
    "Cache-Control": IMMUTABLE,
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
    // A stored file is shown, never run: even if a browser were talked into rendering it as a page.
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    ...(info.lastModified ? { "Last-Modified": info.lastModified.toUTCString() } : {}),
  };
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...common, "Content-Range": `bytes */${info.size}` } });
  }
  const object = await storage.get(key, range ?? undefined);
  if (!object) return notFound();
  const body = request.method === "HEAD" ? null : createReadableStreamFromReadable(object.body);
  if (request.method === "HEAD") object.body.destroy();
  if (range) {
    return new Response(body, {
      status: 206,
      headers: {
        ...common,
        "Content-Length": String(range.end - range.start + 1),
        "Content-Range": `bytes ${range.start}-${range.end}/${info.size}`,
      },
    });
  }
  return new Response(body, { status: 200, headers: { ...common, "Content-Length": String(info.size) } });
}
