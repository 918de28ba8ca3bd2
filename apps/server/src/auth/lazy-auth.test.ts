import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";

describe("Better Auth loaded on first use", () => {
  it("is one instance, made by the first auth request (or ready()), and answers that request", async () => {
    const app = await createTestApp();
    const [first, second] = await Promise.all([app.ctx.auth.ready(), app.ctx.auth.ready()]);
    expect(first).toBe(second);
    const res = await app.inject({ method: "GET", url: "/api/auth/get-session" });
    expect(res.statusCode).toBe(200);
    expect(await app.ctx.auth.ready()).toBe(first);
    await app.close();
  });
});
