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

describe("graceful shutdown on SIGTERM", () => {
  let child: ChildProcess;
  let port: number;
  let dataDir: string;
  let output = "";
  let exited: Promise<number | null>;

  beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), "neonlab-shutdown-"));
    child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        IMPORT_CONTENT: "false",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk.toString();
    });
    exited = new Promise((done) => child.once("exit", (code) => done(code)));
    for (let i = 0; i < 300; i++) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
      if (ready?.ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start:\n${output}`);
  }, 60_000);

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
    await expect.poll(() => output.includes("SIGTERM received"), { timeout: 10_000 }).toBe(true);

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
    expect(output.indexOf("job worker stopped")).toBeGreaterThan(output.indexOf("SIGTERM received"));
    expect(output).not.toMatch(/"level":(50|60)/);
  }, 60_000);
});
