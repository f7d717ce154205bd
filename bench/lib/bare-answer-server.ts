/**
 * The enquiry bench's floor (`tsx bench/lib/bare-answer-server.ts PORT`): a server in a process of its own that reads
 * each posted body whole and answers at once, as the site answers a form sent without JavaScript (303 to the page),
 * doing nothing else. The same load against it shows what the load generator and the loopback take by themselves, so
 * the site's own share of an enquiry's time can be read off beside it.
 */
import http from "node:http";

const port = Number(process.argv[2]);
const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    // Parsed as the site parses it, so the floor reads the form too.
    new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    response.writeHead(303, { Location: "/contact?enquiry=received", "Content-Length": 0 });
    response.end();
  });
});
server.listen(port, "127.0.0.1", () => console.log(`listening on ${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
