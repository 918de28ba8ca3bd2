import { Readable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";
import { COMPRESS_THRESHOLD, preferredEncoding, registerCompression } from "./compression.ts";

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };

describe("compression of answers", async () => {
  const app = Fastify();
  registerCompression(app);
  app.get("/big", async () => big);
  app.get("/small", async () => ({ ok: true }));
  app.get("/svg", async (_request, reply) =>
    reply.type("image/svg+xml").send(Buffer.from(`<svg>${" ".repeat(4000)}</svg>`)),
  );
  app.get("/png", async (_request, reply) => reply.type("image/png").send(Buffer.alloc(4000)));
  app.get("/stream", async (_request, reply) => reply.type("text/plain").send(Readable.from(["x".repeat(4000)])));
  app.get("/encoded", async (_request, reply) => reply.header("content-encoding", "br").send("x".repeat(4000)));
  afterAll(() => app.close());

  it("sends a large JSON answer in brotli or gzip, as accepted, with its compressed length", async () => {
    const br = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    const gz = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
  });

  it("sends as they are: small answers, unaccepted encodings, binary types, streams and encoded bodies", async () => {
    const small = await app.inject({ url: "/small", headers: { "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD);
    const plain = await app.inject({ url: "/big", headers: { "accept-encoding": "identity, gzip;q=0" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("accept-encoding");
    expect(plain.json()).toEqual(big);
    for (const url of ["/png", "/stream", "/encoded"]) {
      const res = await app.inject({ url, headers: { "accept-encoding": "gzip" } });
      expect(res.headers["content-encoding"] ?? null, url).toBe(url === "/encoded" ? "br" : null);
      expect(res.rawPayload.length, url).toBe(4000);
    }
    const svg = await app.inject({ url: "/svg", headers: { "accept-encoding": "gzip" } });
    expect(svg.headers["content-encoding"]).toBe("gzip");
  });

  it("prefers brotli, then gzip, reading q-values in accept-encoding", () => {
    expect(preferredEncoding("gzip, br;q=0.8, deflate;q=0")).toBe("br");
    expect(preferredEncoding("gzip, br;q=0")).toBe("gzip");
    expect(preferredEncoding("deflate, identity")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it("compresses the real app's large answers (the OpenAPI document)", async () => {
    const real = await createTestApp();
    const res = await real.inject({ url: "/api/docs/json", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Object.keys(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).paths)).toContain("/api/profile");
  });
});
