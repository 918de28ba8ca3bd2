import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_BODY_DEPTH } from "./lib/nul-guard.ts";
import { createTestApp, createTestDatabase } from "./test/test-app.ts";
import { createUser, uniqueEmail } from "./test/users.ts";

/** The spec's error object (§8): what the client's error helper reads from every non-2xx answer. */
function expectErrorShape(status: number, body: string, message?: RegExp) {
  const parsed = JSON.parse(body);
  expect(parsed, body).toMatchObject({ statusCode: status, statusMessage: expect.any(String) });
  expect(typeof parsed.message === "string" && parsed.message.trim().length > 0, body).toBe(true);
  if (message) expect(parsed.message).toMatch(message);
}

/** Writes raw bytes on one connection and collects everything the server answers until it closes. */
function rawExchange(port: number, first: string) {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString();
  });
  const closed = new Promise<string>((done) => {
    socket.on("close", () => done(received));
    socket.on("error", () => done(received));
  });
  socket.write(first);
  return { write: (more: string) => socket.write(more), closed, received: () => received };
}

/** The JSON bodies of raw HTTP/1.1 answers, with their status. */
function answers(raw: string): { status: number; body: string }[] {
  return [...raw.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n[\s\S]*?\r\n\r\n(\{[^\n]*?\})(?=HTTP\/1\.1|$)/g)].map((m) => ({
    status: Number(m[1]),
    body: m[2] as string,
  }));
}

describe("one error shape from every source", async () => {
  const app = await createTestApp();
  const user = await createUser(app, { displayName: "Shape Tester" });

  it("Better Auth's empty 404 and its errors", async () => {
    const missing = await app.inject({ url: "/api/auth/no-such-endpoint" });
    expect(missing.statusCode).toBe(404);
    expectErrorShape(404, missing.body, /No API route GET \/api\/auth\/no-such-endpoint/);
    const unauthorized = await app.inject({ url: "/api/auth/list-sessions" });
    expect(unauthorized.statusCode).toBe(401);
    expectErrorShape(401, unauthorized.body);
  });

  it("the rate limiter and the body limit", async () => {
    const contact = { name: "N", email: "a@b.test", subject: "S", message: "ten characters" };
    let res = await app.inject({ method: "POST", url: "/api/users/contact", payload: contact });
    for (let i = 0; i < 10 && res.statusCode !== 429; i++) {
      res = await app.inject({ method: "POST", url: "/api/users/contact", payload: contact });
    }
    expect(res.statusCode).toBe(429);
    expectErrorShape(429, res.body);
    const large = await app.inject({
      method: "POST",
      url: "/api/client-errors",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ message: "x".repeat(1_100_000) }),
    });
    expect(large.statusCode).toBe(413);
    expectErrorShape(413, large.body);
  });

  it.each([
    ["/api/auth/sign-up/email", { email: uniqueEmail("deep"), password: "a-long-password", name: "Deep Diver" }],
    ["/api/auth/sign-in/email", { email: "deep@example.test", password: "a-long-password" }],
    ["/api/users/contact", { name: "N", email: "a@b.test", subject: "S", message: "ten characters" }],
  ])("refuses an unknown field nested 10,000 deep in %s with 400", async (url, valid) => {
    const bomb = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const payload = `${JSON.stringify(valid).slice(0, -1)},"unknownField":${bomb}}`;
    const res = await app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json" },
      payload,
      remoteAddress: "10.13.0.1",
    });
    expect(res.statusCode, res.body).toBe(400);
    expectErrorShape(400, res.body);
  });

  it("takes bodies nested up to the limit", async () => {
    const nested = `${'{"a":'.repeat(MAX_BODY_DEPTH - 1)}1${"}".repeat(MAX_BODY_DEPTH - 1)}`;
    const res = await app.inject({
      method: "POST",
      url: "/api/client-errors",
      headers: { "content-type": "application/json" },
      payload: `{"message":"fine","extra":${nested}}`,
    });
    expect(res.statusCode, res.body).toBe(202);
  });

  it("headers too large (431) and a request the parser can not read (400), written before Fastify", async () => {
    await app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = app.server.address() as { port: number };
    const big = rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    const [tooLarge] = answers(await big.closed);
    expect(tooLarge?.status).toBe(431);
    expectErrorShape(431, tooLarge?.body ?? "", /headers are too large/);
    const garbage = rawExchange(port, "NOT HTTP AT ALL\r\n\r\n");
    const [bad] = answers(await garbage.closed);
    expect(bad?.status).toBe(400);
    expectErrorShape(400, bad?.body ?? "");
  });

  it("503 to a request arriving while the server closes", async () => {
    const { port } = app.server.address() as { port: number };
    const body = JSON.stringify({ message: "in flight while the server closes" });
    const half = Math.floor(body.length / 2);
    const exchange = rawExchange(
      port,
      `POST /api/client-errors HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, half)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 200));
    // The rest of the first request, and a second one pipelined behind it on the same connection.
    exchange.write(
      `${body.slice(half)}GET /api/health HTTP/1.1\r\nHost: x\r\nAuthorization: ${user.headers.authorization}\r\n\r\n`,
    );
    await expect.poll(() => answers(exchange.received()).length, { timeout: 10_000 }).toBe(2);
    const [first, second] = answers(exchange.received());
    expect(first?.status).toBe(202);
    expect(second?.status).toBe(503);
    expectErrorShape(503, second?.body ?? "", /restarting/);
    await closing;
  });
});

describe("database down", async () => {
  const { database, drop } = await createTestDatabase();
  const app = await createTestApp({ database });
  const user = await createUser(app, { displayName: "Offline Tester" });
  // The database goes away under the running app (closed once; the test database is dropped after).
  const close = database.close.bind(database);
  const closed = close();
  database.close = () => closed;
  await closed;
  afterAll(drop);

  it("answers 503 in the error shape, from the app's routes and from Better Auth", async () => {
    for (const [method, url, headers] of [
      ["GET", "/api/courses", {}],
      ["GET", "/api/profile", user.headers],
      ["GET", "/api/users/activities", user.headers],
      ["GET", "/api/auth/get-session", user.headers],
      ["POST", "/api/auth/sign-in/email", {}],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers,
        ...(method === "POST" ? { payload: { email: "someone@example.test", password: "a-long-password" } } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(503);
      expectErrorShape(503, res.body, /unavailable/);
      expect(res.headers["retry-after"]).toBe("5");
    }
  });
});
