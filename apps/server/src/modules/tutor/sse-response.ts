import { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { TutorStreamEvent } from "@neonlab/shared/schemas/tutor";
import type { Emit } from "./chat.ts";

/**
 * The longest a delta waits to be sent with the next ones: after a write, what arrives within this time leaves
 * together in one write (a socket write per chunk was the largest cost of a stream, decision 030). The first
 * delta, and any after a quiet spell, leave at once; `retract`, `done` and `error` never wait.
 */
export const SSE_COALESCE_MS = 100;
/** With many answers streaming at once the window widens, up to this: fewer, larger pieces rather than a later first token. */
export const SSE_COALESCE_MAX_MS = 400;
/** Open streams per `SSE_COALESCE_MS` of window: 50 streams or fewer get the base window, 200 get 400 ms. */
const STREAMS_PER_STEP = 50;

let openStreams = 0;

/** The coalescing window now: the base up to 50 open streams, then growing with them (socket writes per second stay flat). */
export function coalesceWindow(open = openStreams): number {
  return Math.min(SSE_COALESCE_MAX_MS, Math.max(SSE_COALESCE_MS, (SSE_COALESCE_MS * open) / STREAMS_PER_STEP));
}

/** An event's SSE frame; a delta's (nearly every frame) built around its text alone, same bytes as the JSON. */
export const sseFrame = (event: TutorStreamEvent) =>
  event.type === "delta"
    ? `data: {"type":"delta","text":${JSON.stringify(event.text)}}\n\n`
    : `data: ${JSON.stringify(event)}\n\n`;

/**
 * The events as SSE frames, a comment first so the headers and first byte leave at once. The chat runs to its
 * end even when the client has gone (its abort stops the provider), so a stopped answer is still saved or given
 * back; frames are pushed only while the client listens. A plain Readable (no Transform per frame) that Fastify
 * pipes to the response.
 */
export function sseResponse(run: (emit: Emit) => Promise<void>, log: FastifyBaseLogger): Readable {
  const out = new Readable({ read() {} });
  out.push(": stream\n\n");
  openStreams++;
  let pending = "";
  let lastWrite = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (pending === "") return;
    if (!out.destroyed) out.push(pending);
    pending = "";
    lastWrite = performance.now();
  };
  const emit: Emit = (event) => {
    pending += sseFrame(event);
    const window = coalesceWindow();
    const since = performance.now() - lastWrite;
    if (event.type !== "delta" || since >= window) {
      clearTimeout(timer);
      flush();
    } else {
      timer ??= setTimeout(flush, window - since);
    }
  };
  run(emit)
    .catch((error) => {
      log.error({ err: error }, "tutor answer failed");
      emit({ type: "error", message: "Something went wrong with this answer. It was not counted.", offline: false });
    })
    .finally(() => {
      openStreams--;
      clearTimeout(timer);
      flush();
      if (!out.destroyed) out.push(null);
    });
  return out;
}
