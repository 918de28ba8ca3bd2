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
    if (event.type !== "delta" || performance.now() - lastWrite >= SSE_COALESCE_MS) {
      clearTimeout(timer);
      flush();
    } else {
      timer ??= setTimeout(flush, SSE_COALESCE_MS - (performance.now() - lastWrite));
    }
  };
  run(emit)
    .catch((error) => {
      log.error({ err: error }, "tutor answer failed");
      emit({ type: "error", message: "Something went wrong with this answer. It was not counted.", offline: false });
    })
    .finally(() => {
      clearTimeout(timer);
      flush();
      if (!out.destroyed) out.push(null);
    });
  return out;
}
