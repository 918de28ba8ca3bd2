// Child process of bench/tutor.ts: the learners. Asks the streamed questions and times them on its own heap, so
// the server's heap (in the parent) holds only the server side of each stream. Reports by IPC.
import { performance } from "node:perf_hooks";

type Ask = { type: "ask"; url: string; tokens: string[]; assistantId: string; question: string };
type Loop = { type: "loop"; url: string; tokens: string[]; assistantId: string; warmupMs: number; measureMs: number };
type Hold = { type: "hold"; url: string; tokens: string[]; assistantId: string };

export type Timing = {
  tag: string;
  /** When the request was sent, ms since the epoch (to compare with the provider's clock in another process). */
  sentAt: number;
  status: number;
  firstByte: number;
  token: number;
  total: number;
  ok: boolean;
  threadId: number | null;
};

const controllers: AbortController[] = [];
const now = () => performance.timeOrigin + performance.now();

/** One streamed answer: ms to the first byte, to the first `delta` event, to the end. */
async function timed(
  url: string,
  token: string,
  body: { assistantId: string; question: string; threadId?: number | null },
  tag: string,
): Promise<Timing> {
  const sentAt = now();
  try {
    const res = await fetch(`${url}/api/lessons/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ ...body, question: `${body.question} [t:${tag}]` }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let firstByte = -1;
    let first = -1;
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (firstByte < 0) firstByte = now() - sentAt;
      text += decoder.decode(value, { stream: true });
      if (first < 0 && text.includes('"type":"delta"')) first = now() - sentAt;
    }
    const thread = /"thread_id":(\d+)/.exec(text);
    return {
      tag,
      sentAt,
      status: res.status,
      firstByte,
      token: first,
      total: now() - sentAt,
      ok: res.status === 200 && text.includes('"type":"done"'),
      threadId: thread ? Number(thread[1]) : null,
    };
  } catch {
    return { tag, sentAt, status: 0, firstByte: -1, token: -1, total: -1, ok: false, threadId: null };
  }
}

/**
 * Each user in a closed loop (ask, read the whole answer, ask again in the same thread) for warm-up + measure;
 * kept: the questions sent during the measure window, and the streams open, sampled every 100 ms.
 */
async function loop(message: Loop) {
  const start = performance.now();
  const measureFrom = start + message.warmupMs;
  const end = measureFrom + message.measureMs;
  const kept: Timing[] = [];
  const open: number[] = [];
  let inFlight = 0;
  const sampler = setInterval(() => {
    const t = performance.now();
    if (t >= measureFrom && t < end) open.push(inFlight);
  }, 100);
  await Promise.all(
    message.tokens.map(async (token, user) => {
      let threadId: number | null = null;
      for (let n = 0; performance.now() < end; n++) {
        const measured = performance.now() >= measureFrom;
        inFlight++;
        const t = await timed(
          message.url,
          token,
          { assistantId: message.assistantId, question: "What is an option?", threadId },
          `u${user}-${n}`,
        );
        inFlight--;
        if (measured) kept.push(t);
        threadId = t.threadId ?? threadId;
        // A failed question would loop at once: pause as a learner would.
        if (!t.ok) await new Promise((r) => setTimeout(r, 1000));
      }
    }),
  );
  clearInterval(sampler);
  return { results: kept, open, seconds: message.measureMs / 1000 };
}

process.on("message", async (message: Ask | Loop | Hold | { type: "release" }) => {
  if (message.type === "ask") {
    const results = await Promise.all(
      message.tokens.map((token, user) =>
        timed(message.url, token, { assistantId: message.assistantId, question: message.question }, `b${user}`),
      ),
    );
    process.send?.({ type: "asked", results });
  }
  if (message.type === "loop") process.send?.({ type: "looped", ...(await loop(message)) });
  if (message.type === "hold") {
    let opened = 0;
    for (const token of message.tokens) {
      const controller = new AbortController();
      controllers.push(controller);
      void fetch(`${message.url}/api/lessons/chat`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ assistantId: message.assistantId, question: "Hold on [stall]" }),
        signal: controller.signal,
      })
        .then(async (res) => {
          const reader = res.body!.getReader();
          await reader.read();
          if (++opened === message.tokens.length) process.send?.({ type: "holding" });
          while (!(await reader.read()).done) {}
        })
        .catch(() => undefined);
    }
  }
  if (message.type === "release") {
    for (const c of controllers.splice(0)) c.abort();
    process.send?.({ type: "released" });
  }
});
