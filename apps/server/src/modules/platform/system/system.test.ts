import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDatabase } from "../../../test/test-app.ts";

describe("system routes", async () => {
  const app = await createTestApp();

  it("reports alive and ready", async () => {
    expect((await app.inject("/api/health")).json()).toEqual({ status: "ok" });
    const ready = await app.inject("/api/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe("ready");
  });

  it("answers unknown API paths with a 404 error object", async () => {
    const res = await app.inject("/api/nope");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, statusMessage: "Not Found" });
  });

  it("sends security headers on answers, errors and unknown paths alike", async () => {
    const documentOnly = [
      "cross-origin-opener-policy",
      "origin-agent-cluster",
      "x-dns-prefetch-control",
      "referrer-policy",
    ];
    for (const path of ["/api/health", "/api/profile", "/api/nope", "/no-such-page", "/api/docs"]) {
      const res = await app.inject(path);
      const policy = res.headers["content-security-policy"];
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(res.headers["x-powered-by"]).toBeUndefined();
      // API answers render nothing: they may load nothing, and document-only headers are left out.
      // Pages (the explorer at /api/docs too) get the page policy and every header.
      if (path.startsWith("/api/") && path !== "/api/docs") {
        expect(policy).toBe("default-src 'none';frame-ancestors 'none'");
        for (const name of documentOnly) expect(res.headers[name], `${path} ${name}`).toBeUndefined();
      } else {
        expect(policy).toContain("default-src 'self'");
        expect(policy).toContain("frame-ancestors 'none'");
        expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
      }
    }
  });

  it("serves an OpenAPI document", async () => {
    const res = await app.inject("/api/docs/json");
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain("/api/profile");
  });
});

describe("readiness with the database gone", async () => {
  const { database, drop } = await createTestDatabase();
  const app = await createTestApp({ database });
  const close = database.close.bind(database);
  const closed = close();
  database.close = () => closed;
  await closed;
  afterAll(drop);

  it("answers 503 at once, in the error shape, saying which database", async () => {
    const start = performance.now();
    const res = await app.inject("/api/ready");
    expect(performance.now() - start).toBeLessThan(1000);
    expect(res.statusCode).toBe(503);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      statusCode: 503,
      statusMessage: "Service Unavailable",
      message: "The database does not answer.",
      status: "unavailable",
      database: database.kind,
    });
  });
});
