import type { NextFunction, Request, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * compression() hands a response's "drain" listeners to its compressor (its `res.on`), but not their removal
 * (expressjs/compression#135, #152; the fix, #153, is not released). A listener added with `res.once` is wrapped to
 * remove itself from the response, where it never was, so it stays on the compressor. React Router waits for "drain"
 * that way after every write the compressor cannot take at once, and an enquiry export writes 500 rows at a time:
 * from about 5,500 enquiries on, each export left a listener per page on its compressor, called them all on every
 * drain, and Node logged "MaxListenersExceededWarning … drain listeners added to [BrotliCompress]".
 *
 * This `res.once("drain")` removes its listener from whichever emitter fired it: the compressor when the answer is
 * compressed, the response when it is not. Installed right after compression(), for every answer.
 */
export function drainOnceWhereAdded(_request: Request, response: Response, next: NextFunction) {
  const once = response.once.bind(response);
  response.once = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return once(event, listener);
    const fired = function (this: NodeJS.EventEmitter, ...args: unknown[]) {
      this.removeListener("drain", fired);
      listener.apply(this, args);
    };
    return this.on("drain", fired);
  } as Response["once"];
  next();
}
