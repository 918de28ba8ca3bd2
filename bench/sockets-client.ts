// Child process of bench/sockets.ts: opens one socket.io connection per token, then records when each
// `notification` arrives (epoch ms with fractions, the same clock as the parent's) and reports by IPC.
import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";

const now = () => performance.timeOrigin + performance.now();
type Start = { url: string; tokens: string[] };

process.once("message", async ({ url, tokens }: Start) => {
  const received: { round: number; at: number }[] = [];
  const sockets: Socket[] = [];
  await Promise.all(
    tokens.map(
      (token) =>
        new Promise<void>((ok, fail) => {
          const socket = io(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
          sockets.push(socket);
          socket.on("notification", (payload: { id?: number }) =>
            received.push({ round: payload.id ?? -1, at: now() }),
          );
          socket.once("connect", () => ok());
          socket.once("connect_error", fail);
        }),
    ),
  );
  process.send?.({ type: "connected" });
  process.on("message", (message: { type: string }) => {
    if (message.type === "report") process.send?.({ type: "report", received: received.splice(0) });
    if (message.type === "close") {
      for (const socket of sockets) socket.disconnect();
      process.exit(0);
    }
  });
});
