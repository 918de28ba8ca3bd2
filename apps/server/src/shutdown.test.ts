import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const serverEntry = resolve(import.meta.dirname, "server.ts");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Opens a raw connection and sends only the head and part of a POST body, so the request stays in flight. */
function startSlowRequest(port: number, body: string) {
  const socket = connect(port, "127.0.0.1");
  let response = "";
  const closed = new Promise<string>((done) => {
    socket.on("data", (chunk) => {
      response += chunk.toString();
    });
    socket.on("close", () => done(response));
    socket.on("error", () => done(response));
  });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/client-errors HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  return { finish: () => socket.write(body.slice(half)), closed };
}

type Server = {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
};

/** The server from its sources on a free port and an embedded database of its own; resolves once it is ready. */
async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "neonlab-shutdown-"));
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      // The preview site's own ephemeral port: PORT + 1 may belong to another process.
      PREVIEW_PORT: "0",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      IMPORT_CONTENT: "false",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  // Started from its sources (TypeScript compiled on the way): on a busy CI machine that alone has taken over 30 s.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
    if (ready?.ok) return { child, port, dataDir, output: () => output, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${output}`);
}

describe("graceful shutdown on SIGTERM", () => {
  let child: ChildProcess;
  let port: number;
  let dataDir: string;
  let server: Server;
  const output = () => server.output();
  let exited: Promise<number | null>;

  beforeAll(async () => {
    server = await startServer();
    ({ child, port, dataDir, exited } = server);
  }, 180_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes the request in flight, refuses new connections, then exits 0", async () => {
    const body = JSON.stringify({ message: "shutdown drill: this report arrives while the server stops" });
    const slow = startSlowRequest(port, body);
    // Let the server see the head, so the request is counted as in flight before the signal.
    await new Promise((r) => setTimeout(r, 300));

    child.kill("SIGTERM");
    await expect.poll(() => output().includes("SIGTERM received"), { timeout: 10_000 }).toBe(true);

    const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => false,
      () => true,
    );
    expect(refused, "a new connection after SIGTERM must not be served").toBe(true);
    expect(child.exitCode, "the server must wait for the request in flight").toBeNull();

    slow.finish();
    const response = await slow.closed;
    expect(response).toMatch(/^HTTP\/1\.1 202/);

    expect(await exited).toBe(0);
    // The job worker stopped in the shutdown (before the database closed) without an error.
    expect(output().indexOf("job worker stopped")).toBeGreaterThan(output().indexOf("SIGTERM received"));
    expect(output()).not.toMatch(/"level":(50|60)/);
  }, 180_000);
});

describe("SIGTERM with SHUTDOWN_DELAY_MS", () => {
  let server: Server;

  beforeAll(async () => {
    server = await startServer({ SHUTDOWN_DELAY_MS: "2000" });
  }, 180_000);

  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("answers /api/ready with 503 while it still serves everything else, then closes and exits 0", async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    await expect.poll(() => server.output().includes("not ready; serving 2000 ms more"), { timeout: 5_000 }).toBe(true);

    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toBe("5");
    expect(await ready.json()).toMatchObject({ status: "unavailable", message: "The server is restarting." });
    // New connections are still served meanwhile (a proxy takes the instance out on its next health check).
    const health = await fetch(`${base}/api/health`, { headers: { connection: "close" } });
    expect(health.status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2_000);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  }, 180_000);
});
