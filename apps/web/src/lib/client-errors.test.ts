import { okResponseSchema } from "@neonlab/shared/schemas/common";
import { describe, expect, it } from "vitest";
import { mockApi } from "../test/http.ts";
import { reportClientError } from "./client-errors.ts";
import { IDEMPOTENCY_KEY_HEADER } from "./idempotency-key.ts";

const reports = () => mockApi("POST", "/api/client-errors", okResponseSchema, { ok: true }, { status: 202 });

describe("reportClientError", () => {
  it("posts the error, at most 5 a minute and the same message once a minute", async () => {
    const sent = reports();
    const t0 = 1_000_000;
    expect(reportClientError(new Error("boom"), t0)).toBe(true);
    expect(reportClientError(new Error("boom"), t0 + 10)).toBe(false);
    for (let i = 1; i <= 4; i++) expect(reportClientError(new Error(`e${i}`), t0 + i)).toBe(true);
    expect(reportClientError(new Error("e5"), t0 + 5)).toBe(false);
    expect(reportClientError(new Error("e6"), t0 + 61_000)).toBe(true);
    await expect.poll(() => sent.length).toBe(6);
    const boom = sent.find((request) => (request.body as { message: string }).message === "boom");
    expect(boom?.body).toMatchObject({ message: "boom", path: "/", stack: expect.any(String) });
    expect(new Set(sent.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER))).size).toBe(6);
  });

  it("ignores browser noise", async () => {
    const sent = reports();
    expect(reportClientError(new Error("ResizeObserver loop completed with undelivered notifications."))).toBe(false);
    expect(reportClientError(new DOMException("aborted", "AbortError"))).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });
});
