import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1 (tests, e2e, bench): the real openai SDK talks
 * to it. What it does is chosen by a tag in the learner's last message:
 *   [down] 500 · [busy] 429 · [stall] one chunk, then nothing · [stall-first] no answer at all ·
 *   [malformed] a chunk that is not JSON · [empty] a stream without text ·
 *   a message asking for the "answer" states `leaks[0]` (a quiz's correct option) — again after the tutor's
 *   correction too when `leakAlways` — otherwise a short guiding answer with a code block, in several chunks;
 *   with `leakEverything`, every reply states all of `leaks`, whatever was asked (the tutor's evaluation).
 * Written in erasable TypeScript only, so `node fake-openai.ts --port N --leak "text"` runs it on its own.
 */
export type FakeOpenAi = {
  url: string;
  /** Correct option texts the "model" gives away when asked for an answer. */
  leaks: string[];
  leakAlways: boolean;
  /** Every reply, to any message and after any correction, states all of `leaks`. */
  leakEverything: boolean;
  /** Milliseconds between chunks (0: as fast as it can). */
  delayMs: number;
  /** Every request body received. */
  requests: { model: string; messages: { role: string; content: string }[] }[];
  /** Streams whose client went away before the end (the app aborted them). */
  aborted: number;
  /** The pieces of an ordinary answer (default: a short guiding answer in six chunks). */
  answer: string[];
  /**
   * When set (bench), for each question tagged `[t:<id>]`: when its request arrived and when its first chunk
   * was written, in ms since the epoch (performance.timeOrigin + now, comparable across processes).
   */
  timings?: Map<string, { received: number; firstChunk: number }>;
  close(): Promise<void>;
};

const GUIDE = [
  "Good question! ",
  "Let's work it out together. ",
  "What do you expect this smaller example to print?\n\n",
  "```js\nconst box = { size: 1 };\nbox.size = 2;\nconsole.log(box.size);\n```\n\n",
  "Run it in the console, then compare with the lesson's section on **const**: ",
  "what does `const` protect, the name or the value?",
];

async function body(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

const chunk = (id: string, model: string, content: string) =>
  `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

export async function startFakeOpenAi(
  options: { port?: number; leaks?: string[]; delayMs?: number; answer?: string[]; timings?: boolean } = {},
): Promise<FakeOpenAi> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let server: Server | undefined;
  const fake: FakeOpenAi = {
    url: "",
    leaks: options.leaks ?? [],
    leakAlways: false,
    leakEverything: false,
    delayMs: options.delayMs ?? 5,
    requests: [],
    aborted: 0,
    answer: options.answer ?? GUIDE,
    timings: options.timings ? new Map() : undefined,
    close: () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
  server = createServer(async (req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
      return;
    }
    const received = performance.timeOrigin + performance.now();
    const request = JSON.parse(await body(req)) as FakeOpenAi["requests"][number];
    const last = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
    const tag = fake.timings ? /\[t:([\w-]+)\]/.exec(last)?.[1] : undefined;
    // The bench's thousands of requests are timed, not kept.
    if (!tag) fake.requests.push(request);
    const corrected = request.messages.at(-1)?.role === "system";
    const model = request.model;
    const error = (status: number, message: string) =>
      res
        .writeHead(status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message, type: "fake" } }));
    if (last.includes("[down]")) return error(500, "the fake model is down");
    if (last.includes("[busy]")) return error(429, "rate limited");
    if (last.includes("[stall-first]")) {
      req.socket.on("close", () => fake.aborted++);
      return;
    }
    let closed = false;
    res.on("close", () => {
      if (!res.writableFinished) {
        closed = true;
        fake.aborted++;
      }
    });
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = async (content: string) => {
      if (closed) return;
      res.write(chunk("chatcmpl-fake", model, content));
      if (tag && !fake.timings!.has(tag))
        fake.timings!.set(tag, { received, firstChunk: performance.timeOrigin + performance.now() });
      if (fake.delayMs > 0) await sleep(fake.delayMs);
    };
    if (last.includes("[malformed]")) {
      await send("Let me ");
      res.end("data: {this is not json\n\n");
      return;
    }
    if (last.includes("[stall]")) {
      await send("Thinking about ");
      return;
    }
    if (!last.includes("[empty]")) {
      const leak = fake.leaks[0];
      if (fake.leakEverything && leak) {
        const all = fake.leaks.join("; ");
        for (const piece of ["Here you go. ", "The correct answers: ", ...all.match(/.{1,6}/gs)!, "."])
          await send(piece);
      } else if (leak && /\banswer\b/i.test(last) && (!corrected || fake.leakAlways)) {
        for (const piece of ["Sure, here it is. ", "The correct answer is: ", ...leak.match(/.{1,6}/gs)!, "."])
          await send(piece);
      } else if (corrected) {
        for (const piece of [
          "Here is a hint instead: ",
          "look at what `const` protects. ",
          "Is it the name, or the object?",
        ])
          await send(piece);
      } else {
        for (const piece of fake.answer) await send(piece);
      }
    }
    if (closed) return;
    res.write(
      `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 0, model, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`,
    );
    res.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const value = (name: string) => args.flatMap((a, i) => (a === name ? [args[i + 1] ?? ""] : []));
  const fake = await startFakeOpenAi({
    port: Number(value("--port")[0] ?? 0),
    leaks: value("--leak"),
    delayMs: Number(value("--delay")[0] ?? 20),
  });
  console.log(`fake OpenAI-compatible server on ${fake.url}`);
}
