import type { Route } from "./+types/events";
import { servicesContext } from "#app/db/context";
import { requireStaff } from "#app/services/auth.server";

const HEARTBEAT_MS = 25_000;

/**
 * The live bell's event stream (Server-Sent Events). Each open admin page of a member of staff who works
 * enquiries holds one; this process pushes the unopened count whenever the change bus reports an enquiry
 * change (services/live-enquiries.server.ts). Nothing here reads the database per page or per interval.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "enquiries");
  const { live } = context.get(servicesContext);
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      // Reconnect after 3 s when the stream ends (a restart, a deploy, a dropped connection).
      send("retry: 3000\n\n");
      const disconnect = live.connect((event) => send(`event: enquiries\ndata: ${JSON.stringify(event)}\n\n`));
      // Proxies close idle connections; a comment line every 25 s keeps the stream open.
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        try {
          controller.close();
        } catch {
          // The reader is gone already (the browser left).
        }
      };
      const stopOnShutdown = live.onClose(close);
      cleanup = () => {
        clearInterval(heartbeat);
        disconnect();
        stopOnShutdown();
      };
      request.signal.addEventListener("abort", close, { once: true });
    },
    cancel() {
      cleanup();
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
