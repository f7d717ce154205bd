import type { Route } from "./+types/events";
import { servicesContext } from "#app/db/context";
import { requireStaff, sessionStillAllows } from "#app/services/auth.server";
import { logger } from "#app/services/logger.server";

/** Also how often the session is checked again: within 25 s of a sign-out, revocation or timeout, the stream ends. */
const HEARTBEAT_MS = 25_000;

/**
 * The live bell's event stream (Server-Sent Events). Each open admin page of a member of staff who works
 * enquiries holds one; this process pushes the unopened count whenever the change bus reports an enquiry
 * change (services/live-enquiries.server.ts). The stream outlives the request that opened it, so the session is
 * checked again before every push and every heartbeat (docs/decisions/0019-staff-sessions-password-change-and-reset.md):
 * once it is signed out, revoked, deactivated, idle or past its lifetime, the stream ends and sends nothing more.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "enquiries");
  const { live } = context.get(servicesContext);
  const encoder = new TextEncoder();
  // Ends the stream's work: set in start(), called when the server ends the stream and when the browser leaves.
  let stop = () => false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // False from the moment the stream ends, whichever side ends it: after that nothing is written to it, since
      // writing to an ended stream throws.
      let open = true;
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (!stop()) return;
        try {
          controller.close();
        } catch {
          // The reader is gone already (the browser left).
        }
      };
      // One check at a time, in order, so pushes leave in the order they came. (A database that cannot be reached
      // reads as signed out.) Anything else that throws here ends the stream, logged: left uncaught, a rejected
      // promise stops the whole server. The browser reconnects after 3 s.
      let checked = Promise.resolve();
      const whileSignedIn = (then: () => void) => {
        checked = checked
          .then(async () => {
            if (!open) return;
            if (await sessionStillAllows(request, context, "enquiries")) then();
            else close();
          })
          .catch((error: unknown) => {
            logger.warn({ err: error }, "the live bell's stream failed and ends");
            close();
          });
      };
      // Reconnect after 3 s when the stream ends (a restart, a deploy, a dropped connection, a session that ended:
      // the page's next request then finds the visitor signed out).
      send("retry: 3000\n\n");
      const disconnect = live.connect((event) => whileSignedIn(() => send(`event: enquiries\ndata: ${JSON.stringify(event)}\n\n`)));
      // Proxies close idle connections; a comment line every 25 s keeps the stream open.
      const heartbeat = setInterval(() => whileSignedIn(() => send(": keep-alive\n\n")), HEARTBEAT_MS);
      const stopOnShutdown = live.onClose(close);
      const abort = () => close();
      request.signal.addEventListener("abort", abort, { once: true });
      stop = () => {
        if (!open) return false;
        open = false;
        clearInterval(heartbeat);
        disconnect();
        stopOnShutdown();
        request.signal.removeEventListener("abort", abort);
        return true;
      };
    },
    // The browser left: a push whose session check is still running finds the stream ended and is dropped.
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    },
  });
}
