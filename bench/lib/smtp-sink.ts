/**
 * A mail server for the enquiry bench, run as its own process (`tsx bench/lib/smtp-sink.ts PORT`) so that
 * receiving mail never shares an event loop with the load generator: it accepts every message and counts it.
 */
import { SMTPServer } from "smtp-server";

const port = Number(process.argv[2]);
let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("end", () => {
      received++;
      callback();
    });
    stream.resume();
  },
});
// A sender that disconnects mid-message (the app stopped at the end of a run) must not end the sink.
server.on("error", (error) => console.error(`smtp sink: ${error.message}`));
server.listen(port, "127.0.0.1", () => console.log(`listening on ${port}`));
process.on("SIGTERM", () => {
  console.log(`received ${received} messages`);
  server.close(() => process.exit(0));
});
