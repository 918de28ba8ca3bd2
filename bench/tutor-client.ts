// Child process of bench/tutor.ts: fires the streamed questions and times them on its own heap, so the server's
// heap (in the parent) holds only the server side of each stream. Reports by IPC.
import { performance } from "node:perf_hooks";

type Ask = { type: "ask"; url: string; tokens: string[]; assistantId: string; question: string };
type Direct = { type: "direct"; url: string; count: number };
type Hold = { type: "hold"; url: string; tokens: string[]; assistantId: string };

const controllers: AbortController[] = [];

/** One streamed answer: ms to the first byte, to the first `delta` event, to the end. */
async function timed(url: string, init: RequestInit, firstToken: (text: string) => boolean) {
  const start = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let firstByte = -1;
  let token = -1;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (firstByte < 0) firstByte = performance.now() - start;
    text += decoder.decode(value, { stream: true });
    if (token < 0 && firstToken(text)) token = performance.now() - start;
  }
  return {
    status: res.status,
    firstByte,
    token,
    total: performance.now() - start,
    ok: text.includes('"done"') || text.includes("[DONE]"),
  };
}

process.on("message", async (message: Ask | Direct | Hold | { type: "release" }) => {
  if (message.type === "ask") {
    const results = await Promise.all(
      message.tokens.map((token) =>
        timed(
          `${message.url}/api/lessons/chat`,
          {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: JSON.stringify({ assistantId: message.assistantId, question: message.question }),
          },
          (text) => text.includes('"type":"delta"'),
        ).catch(() => ({ status: 0, firstByte: -1, token: -1, total: -1, ok: false })),
      ),
    );
    process.send?.({ type: "asked", results });
  }
  if (message.type === "direct") {
    const results = await Promise.all(
      Array.from({ length: message.count }, () =>
        timed(
          `${message.url}/chat/completions`,
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ model: "fake", stream: true, messages: [{ role: "user", content: "Hi" }] }),
          },
          (text) => text.includes('"content"'),
        ),
      ),
    );
    process.send?.({ type: "direct", results });
  }
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
