import { Transform } from "node:stream";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { CONTENT_IMAGE_UPLOAD, LISTING_PHOTO_UPLOAD, MB, MEDIA_UPLOAD } from "../app/domain/upload-rules";
import { loggableUrl } from "../app/services/log-redaction.server";
import { logger } from "../app/services/logger.server";
import { requestUrl } from "./request-url";

/**
 * What the app accepts before React Router sees a request (docs/decisions/0016-request-guard-and-body-limits.md):
 * three methods, one host that names one, a target without control characters or broken escapes and of a sane depth,
 * and bodies bounded while they stream in. Form bodies (every action but the uploads) are small, so they are read
 * here, within their limit, and must parse as a form of a sane number of fields: an action never meets a body that
 * would make `request.formData()` throw, and no NUL byte reaches the database from a form. Uploads stream on to
 * their own limits (services/upload.server.ts), capped here as well.
 */

/** A form is a few fields of text: the longest (a listing's description, an HTML block) fits many times over. */
export const FORM_BODY_LIMIT = 256 * 1024;

/**
 * A form has at most this many fields. The largest of ours (a listing's editor, with every specification row filled)
 * has about 250. Past a few thousand fields, and above all one name repeated, the form parsing every action does
 * (Conform's) grows with the square of the count: 30,000 repeats of one name took the server's thread 6 s.
 */
export const FORM_FIELD_LIMIT = 1_000;

/**
 * A list in a form (a field named `specifications[12].label`) holds fewer rows than this; the longest of ours, a
 * listing's specifications, holds 100. The forms' parsing builds the list at the length the highest position names,
 * and a refused form is drawn again with every row it was sent: one field named `highlights[100000]` in a 100-byte
 * post held the thread for minutes while the listing editor drew 100,001 rows.
 */
export const FORM_LIST_ROWS_LIMIT = 200;

/**
 * No address of the site is deeper than 5 segments. Rendering a page for a path grows with the square of its depth
 * (7,900 segments held the thread 4 s), so a deeper one is answered here as the page that does not exist it is.
 */
export const PATH_SEGMENT_LIMIT = 32;

/** Room for the multipart framing and the small fields around an uploaded file. */
const UPLOAD_OVERHEAD = 1 * MB;

const UPLOAD_LIMITS: { pattern: RegExp; limit: number }[] = [
  { pattern: /^\/edit\/api\/media$/, limit: MEDIA_UPLOAD.maxBytes + UPLOAD_OVERHEAD },
  { pattern: /^\/edit\/api\/content\/[^/]+\/image$/, limit: CONTENT_IMAGE_UPLOAD.maxBytes + UPLOAD_OVERHEAD },
  { pattern: /^\/edit\/api\/listings\/[^/]+\/photos$/, limit: LISTING_PHOTO_UPLOAD.maxBytes + UPLOAD_OVERHEAD },
];

const ALLOWED_METHODS = "GET, HEAD, POST";
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The body React Router will read instead of the raw request: checked form bytes, or an upload's bounded stream. */
export type GuardedBody = Buffer | NodeJS.ReadableStream;

export function guardedBody(res: ExpressResponse): GuardedBody | undefined {
  return res.locals.guardedBody as GuardedBody | undefined;
}

/**
 * The checks of a request's line and host alone, which the host runs before its static files (server/index.ts) and
 * requestGuard again: a static file's address is read by the same rules as a page's.
 */
export const requestTargetGuard: RequestHandler = (req, res, next) => {
  const pathname = targetRefusal(req, res);
  if (pathname === null) return;
  // requestGuard reads it from here rather than checking the same request a second time.
  res.locals.checkedPath = pathname;
  next();
};

/** Answers the request's refusal and returns null, or returns its path (without `.data`). */
function targetRefusal(req: ExpressRequest, res: ExpressResponse): string | null {
  const method = req.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD" && method !== "POST") {
    refuse(res, 405, "This address does not accept that kind of request.", { Allow: ALLOWED_METHODS });
    return null;
  }
  // Two Host headers (RFC 9112 asks for a 400): a proxy and the app could each read a different one.
  if (!requestUrl(req) || hostHeaderCount(req) > 1) {
    refuse(res, 400, "This request could not be read: its host or address is not valid.");
    return null;
  }
  const target = readTarget(req.originalUrl);
  if (target === "unreadable") {
    refuse(res, 400, "This address could not be read. Please check the link.");
    return null;
  }
  if (target === "too deep") {
    refuse(res, 404, "This page does not exist. Please check the link.");
    return null;
  }
  return target.path;
}

function hostHeaderCount(req: ExpressRequest): number {
  let count = 0;
  for (let index = 0; index < req.rawHeaders.length; index += 2) if (req.rawHeaders[index]!.toLowerCase() === "host") count++;
  return count;
}

export const requestGuard: RequestHandler = (req, res, next) => {
  const pathname = (res.locals.checkedPath as string | undefined) ?? targetRefusal(req, res);
  if (pathname === null) return;
  const method = req.method.toUpperCase();
  if (method !== "POST") return next();

  const upload = UPLOAD_LIMITS.find(({ pattern }) => pattern.test(pathname));
  const limit = upload?.limit ?? FORM_BODY_LIMIT;
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) return refuseTooLarge(req, res);

  if (upload) {
    res.locals.guardedBody = boundedStream(req, res, limit);
    return next();
  }
  readBounded(req, res, limit)
    .then(async (body) => {
      if (!body) return; // refused while streaming
      const problem = await formProblem(req, body);
      if (problem) return refuse(res, problem.status, problem.message);
      res.locals.guardedBody = body;
      next();
    })
    .catch((error: unknown) => {
      // A visitor who closes the tab or loses the network while the form is sent is no fault of ours: one quiet line.
      if (clientAborted(req, error)) return logger.info({ method, url: loggableUrl(req.originalUrl) }, "client aborted");
      next(error);
    });
};

/** Whether reading the body failed because the client went away (the socket closed before the body ended). */
function clientAborted(req: ExpressRequest, error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ECONNRESET" || code === "ECONNABORTED" || (req.destroyed && !req.complete);
}

/**
 * The target's path (without `.data`, still encoded); "unreadable" when the target holds a NUL byte (PostgreSQL text
 * cannot), its path a control character once decoded (a tab or line break makes no address, and React Router's own
 * URL parsing throws on some) or a broken escape; "too deep" past PATH_SEGMENT_LIMIT segments.
 */
function readTarget(target: string): { path: string } | "unreadable" | "too deep" {
  if (/%00/i.test(target) || target.includes("\0")) return "unreadable";
  const [path = "/"] = target.split("?", 1);
  try {
    if (CONTROL_CHARACTER.test(decodeURIComponent(path))) return "unreadable";
  } catch {
    return "unreadable";
  }
  if (path.split("/").length - 1 > PATH_SEGMENT_LIMIT) return "too deep";
  return { path: path.replace(/\.data$/, "") };
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Why a form body cannot be handed to an action, if it cannot: not a form, not parseable, too many fields, holding a file or a NUL byte. */
async function formProblem(req: ExpressRequest, body: Buffer): Promise<{ status: 400 | 413 | 415; message: string } | null> {
  const declaredType = req.headers["content-type"];
  if (!declaredType && body.length === 0) {
    // An empty POST is an empty form (a bare sign-out button), so actions can read it as one.
    req.headers["content-type"] = "application/x-www-form-urlencoded";
    return null;
  }
  const type = (declaredType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return { status: 415, message: "This address accepts only forms sent from its own pages." };
  let form: FormData;
  try {
    form = await new Request("http://form.local/", {
      method: "POST",
      headers: { "content-type": declaredType! },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return { status: 400, message: "The form could not be read. Please send it again from the page." };
  }
  let fields = 0;
  for (const [name, value] of form) {
    if (++fields > FORM_FIELD_LIMIT) return { status: 413, message: "This form has too many fields. Please send it again from the page." };
    // Files go to the three upload endpoints only, which stream them; an action reading a form expects text.
    if (typeof value !== "string") return { status: 400, message: "This form does not take files. Please send it again from the page." };
    if (namesRowPastLimit(name)) return { status: 413, message: "This form has too many fields. Please send it again from the page." };
    if (name.includes("\0") || value.includes("\0")) {
      return { status: 400, message: "The form holds a character that cannot be stored. Please remove it and send again." };
    }
  }
  return null;
}

/** Whether a field's name places it in a list row (`[12]`) beyond any list a form of ours holds. */
function namesRowPastLimit(name: string): boolean {
  if (!name.includes("[")) return false;
  for (const [, position] of name.matchAll(/\[(\d+)\]/g)) if (Number(position) >= FORM_LIST_ROWS_LIMIT) return true;
  return false;
}

const CLOSE_AFTER_REFUSAL_MS = 5_000;

/** Reads the whole body up to the limit; past it, answers 413 at once and keeps nothing more. */
function readBounded(req: ExpressRequest, res: ExpressResponse, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        chunks.length = 0;
        refuseTooLarge(req, res);
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/** An upload's body as it streams, cut off with a 413 once it passes the limit. */
function boundedStream(req: ExpressRequest, res: ExpressResponse, limit: number): NodeJS.ReadableStream {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) {
        refuseTooLarge(req, res);
        callback(new Error("request body over its limit"));
        return;
      }
      callback(null, chunk);
    },
  });
  req.on("error", (error) => counter.destroy(error));
  return req.pipe(counter);
}

function refuseTooLarge(req: ExpressRequest, res: ExpressResponse) {
  // The rest of the body is read and thrown away (no memory held) rather than left unread: closing a socket with
  // unread data sends a reset, and a reset can wipe the 413 before the client has read it. A client that keeps
  // sending is cut off a few seconds later.
  req.resume();
  refuse(res, 413, "This request is too large. Please send a shorter form or a smaller file.");
  res.once("finish", () => setTimeout(() => req.socket.destroy(), CLOSE_AFTER_REFUSAL_MS).unref());
}

function refuse(res: ExpressResponse, status: number, message: string, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  res
    .status(status)
    .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers })
    .end(`${message}\n`);
}
