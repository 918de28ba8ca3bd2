import { afterEach, describe, expect, it, vi } from "vitest";
import { reportClientError } from "./client-errors.ts";

afterEach(() => vi.unstubAllGlobals());

describe("reportClientError", () => {
  it("posts the error, at most 5 a minute and the same message once a minute", () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal("fetch", fetchMock);
    const t0 = 1_000_000;
    expect(reportClientError(new Error("boom"), t0)).toBe(true);
    expect(reportClientError(new Error("boom"), t0 + 10)).toBe(false);
    for (let i = 1; i <= 4; i++) expect(reportClientError(new Error(`e${i}`), t0 + i)).toBe(true);
    expect(reportClientError(new Error("e5"), t0 + 5)).toBe(false);
    expect(reportClientError(new Error("e6"), t0 + 61_000)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/client-errors");
    const body = JSON.parse(String(init.body));
    expect(body.message).toBe("boom");
    expect(typeof body.stack).toBe("string");
    expect(body.path).toBe("/");
  });

  it("ignores browser noise", () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal("fetch", fetchMock);
    expect(reportClientError(new Error("ResizeObserver loop completed with undelivered notifications."))).toBe(false);
    expect(reportClientError(new DOMException("aborted", "AbortError"))).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
