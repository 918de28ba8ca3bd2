import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";
import { acceptRawBody, limitBodies } from "./plugin-scope.ts";

const MiB = 1024 * 1024;
const open = { config: { auth: "public" as const } };

/** Like an upload module: its own scope allows 5 MiB. */
async function uploads(scope: FastifyInstance) {
  limitBodies(scope, 5 * MiB);
  scope.post("/api/test/uploads", open, async (request) => ({
    length: (request.body as { data: string }).data.length,
  }));
}

/** Like a webhook module: the exact bytes sent, to check a signature over. */
async function webhooks(scope: FastifyInstance) {
  acceptRawBody(scope);
  scope.post("/api/test/webhooks", open, async (request) => {
    const body = request.body as Buffer;
    return { isBuffer: Buffer.isBuffer(body), sha256: createHash("sha256").update(body).digest("hex") };
  });
}

/** A scope that streams a body instead of buffering it. */
async function streams(scope: FastifyInstance) {
  scope.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));
  scope.post("/api/test/streams", open, async (request) => {
    let bytes = 0;
    for await (const chunk of request.body as Readable) bytes += (chunk as Buffer).length;
    return { bytes };
  });
}

const jsonOf = (bytes: number) => JSON.stringify({ data: "x".repeat(bytes) });
const sha256 = (payload: string | Buffer) => createHash("sha256").update(payload).digest("hex");

describe("module plugins keep their body limits and parsers to themselves", async () => {
  const app = await createTestApp({
    register: async (app) => {
      await app.register(uploads);
      await app.register(webhooks);
      await app.register(streams);
    },
  });
  const post = (url: string, payload: string | Buffer, contentType = "application/json") =>
    app.inject({ method: "POST", url, payload, headers: { "content-type": contentType } });

  it("lets the upload scope take 2 MiB while the rest of the API keeps 1 MiB", async () => {
    const big = jsonOf(2 * MiB);
    const upload = await post("/api/test/uploads", big);
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toEqual({ length: 2 * MiB });
    expect((await post("/api/test/uploads", jsonOf(6 * MiB))).statusCode).toBe(413);

    const elsewhere = await post("/api/client-errors", JSON.stringify({ message: "x".repeat(2 * MiB) }));
    expect(elsewhere.statusCode).toBe(413);
    expect(elsewhere.json()).toMatchObject({ statusCode: 413, message: expect.any(String) });
    expect((await post("/api/client-errors", JSON.stringify({ message: "small" }))).statusCode).toBe(202);
  });

  it("hands the webhook scope the raw bytes, NUL included, and parses JSON everywhere else", async () => {
    const payload = Buffer.concat([
      Buffer.from('{"type":"checkout.completed","note":"\\u0000"}'),
      Buffer.from([0, 255]),
    ]);
    const hook = await post("/api/test/webhooks", payload);
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json()).toEqual({ isBuffer: true, sha256: sha256(payload) });
    const asText = await post("/api/test/webhooks", "plain text", "text/plain");
    expect(asText.json()).toEqual({ isBuffer: true, sha256: sha256("plain text") });

    // The NUL guard still refuses a NUL in a parsed body.
    const parsed = await post("/api/client-errors", JSON.stringify({ message: "a\u0000b" }));
    expect(parsed.statusCode).toBe(400);
    expect(parsed.json().message).toMatch(/NUL/);
  });

  it("lets a streamed body through the NUL guard untouched", async () => {
    const payload = Buffer.alloc(64 * 1024, 0);
    const streamed = await post("/api/test/streams", payload, "application/octet-stream");
    expect(streamed.statusCode, streamed.body).toBe(200);
    expect(streamed.json()).toEqual({ bytes: payload.length });
    // The guard does not walk the stream object (whose fields hold this text: a false 400 if it did).
    const text = await post("/api/test/streams", "binary\u0000data", "application/octet-stream");
    expect(text.statusCode, text.body).toBe(200);
    // Outside that scope the type has no parser.
    expect((await post("/api/client-errors", payload, "application/octet-stream")).statusCode).toBe(415);
  });
});
