import { connect } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { trackRequests } from "./in-flight.ts";

/** A Fastify app with the tracker and a route whose handler waits until `release()`; `entered` resolves when it runs. */
async function appWithHeldRoute() {
  const app = Fastify();
  const inFlight = trackRequests(app);
  let release = () => {};
  let entered = () => {};
  const handlerRunning = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.post("/held", async () => {
    entered();
    await held;
    return { ok: true };
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, inFlight, port, handlerRunning, release };
}

/** Sends a whole JSON POST on a raw socket, so the test can leave before the answer. */
function postAndStay(port: number) {
  const socket = connect(port, "127.0.0.1");
  const body = JSON.stringify({ bio: "still here" });
  socket.write(
    `POST /held HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const answered = new Promise<string>((resolve) => {
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString();
      if (text.includes("\r\n\r\n")) resolve(text);
    });
  });
  return { socket, answered };
}

/** "drained" when drained(60 s) settles within `withinMs`, else "waiting". */
const drainedWithin = (inFlight: ReturnType<typeof trackRequests>, withinMs: number) =>
  Promise.race([
    inFlight.drained(60_000).then(() => "drained"),
    new Promise<string>((resolve) => setTimeout(() => resolve("waiting"), withinMs)),
  ]);

describe("requests in flight (shutdown's drain)", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("waits for a request being handled, and is drained once it is answered", async () => {
    const held = await appWithHeldRoute();
    app = held.app;
    const { socket, answered } = postAndStay(held.port);
    await held.handlerRunning;
    expect(await drainedWithin(held.inFlight, 300)).toBe("waiting");
    held.release();
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    expect(await drainedWithin(held.inFlight, 5_000)).toBe("drained");
    socket.destroy();
  });

  it("is drained when a client leaves while its answer is being written", async () => {
    app = Fastify();
    const inFlight = trackRequests(app);
    // More than the sockets buffer: the answer is still being written when the client goes.
    app.post("/big", async () => "x".repeat(32 * 1024 * 1024));
    await app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = app.server.address() as { port: number };
    const socket = connect(port, "127.0.0.1");
    const body = JSON.stringify({ bio: "read in full" });
    socket.write(
      `POST /big HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await new Promise<void>((resolve) => socket.once("data", () => resolve()));
    socket.destroy();
    // Neither Fastify's onResponse (the answer never finished) nor its onRequestAbort (the request itself was
    // complete) runs for this request; it has ended all the same.
    expect(await drainedWithin(inFlight, 5_000)).toBe("drained");
  });
});
