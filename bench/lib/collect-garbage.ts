/**
 * Forces full garbage collections in a Node.js process started with --inspect=127.0.0.1:PORT, through the inspector
 * protocol, and prints its V8 heap in use afterwards (MB, JSON). Run by bench/lib/memory.ts as
 * `node --experimental-websocket --import tsx bench/lib/collect-garbage.ts PORT` (Node 20's WebSocket is behind that flag).
 */
type InspectorAnswer = { id: number; result?: { result?: { value?: unknown } } };

const port = Number(process.argv[2]);
const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
const socket = new WebSocket(target!.webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  socket.addEventListener("open", resolve, { once: true });
  socket.addEventListener("error", reject, { once: true });
});
let nextId = 0;
const waiting = new Map<number, (answer: InspectorAnswer) => void>();
socket.addEventListener("message", (event: MessageEvent<string>) => {
  const answer = JSON.parse(event.data) as InspectorAnswer;
  waiting.get(answer.id)?.(answer);
  waiting.delete(answer.id);
});
const call = (method: string, params: Record<string, unknown> = {}) =>
  new Promise<InspectorAnswer>((resolve) => {
    const id = ++nextId;
    waiting.set(id, resolve);
    socket.send(JSON.stringify({ id, method, params }));
  });
// Twice: objects with finalizers or weak references are freed by the second collection.
await call("HeapProfiler.collectGarbage");
await call("HeapProfiler.collectGarbage");
const answer = await call("Runtime.evaluate", { expression: "process.memoryUsage().heapUsed", returnByValue: true });
console.log(JSON.stringify({ heapUsedMb: Math.round(Number(answer.result?.result?.value) / 1048576) }));
socket.close();

export {};
