import { describe, expect, it } from "vitest";
import { coalesceWindow, SSE_COALESCE_MAX_MS, SSE_COALESCE_MS, sseFrame, sseResponse } from "./sse-response.ts";

const log = { error() {} } as never;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the tutor's SSE response", () => {
  it("frames a delta as its JSON would be", () => {
    const event = { type: "delta" as const, text: 'a "quoted"\nline \u2028 é' };
    expect(sseFrame(event)).toBe(`data: ${JSON.stringify(event)}\n\n`);
  });

  it("sends the first delta at once, coalesces the next ones for up to SSE_COALESCE_MS, never holds done", async () => {
    const writes: { at: number; text: string }[] = [];
    const start = performance.now();
    const out = sseResponse(async (emit) => {
      await sleep(10);
      emit({ type: "delta", text: "a" });
      emit({ type: "delta", text: "b" });
      emit({ type: "delta", text: "c" });
      await sleep(SSE_COALESCE_MS * 1.5);
      emit({ type: "delta", text: "d" });
      emit({ type: "done", thread_id: 1, message_id: 2, assistant: "model", questions_left: 3, guarded: false });
    }, log);
    out.on("data", (chunk) => writes.push({ at: performance.now() - start, text: String(chunk) }));
    await new Promise((resolve) => out.on("end", resolve));
    const texts = writes.map((w) => w.text);
    expect(texts.slice(0, 3)).toEqual([
      ": stream\n\n",
      sseFrame({ type: "delta", text: "a" }),
      sseFrame({ type: "delta", text: "b" }) + sseFrame({ type: "delta", text: "c" }),
    ]);
    // "d" waits for the next write unless the machine stalled past the window; "done" is never held.
    expect(texts.slice(3).join("")).toMatch(/^data: \{"type":"delta","text":"d"\}\n\ndata: \{"type":"done".*\n\n$/);
    expect(writes[2]!.at - writes[1]!.at).toBeGreaterThanOrEqual(SSE_COALESCE_MS - 5);
  });

  it("widens the window with the streams open at once, up to its maximum", () => {
    expect(coalesceWindow(1)).toBe(SSE_COALESCE_MS);
    expect(coalesceWindow(50)).toBe(SSE_COALESCE_MS);
    expect(coalesceWindow(100)).toBe(2 * SSE_COALESCE_MS);
    expect(coalesceWindow(200)).toBe(SSE_COALESCE_MAX_MS);
    expect(coalesceWindow(1_000)).toBe(SSE_COALESCE_MAX_MS);
  });
});
