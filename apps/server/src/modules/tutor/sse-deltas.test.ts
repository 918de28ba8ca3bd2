import { describe, expect, it } from "vitest";
import { ProviderError } from "./provider.ts";
import { DeltaParser } from "./sse-deltas.ts";

const chunk = (content: string) =>
  `data: ${JSON.stringify({ object: "chat.completion.chunk", choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** Feeds `text` to a parser in pieces of `size` characters; the text of each push, and the end's. */
function feed(text: string, size: number) {
  const parser = new DeltaParser();
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(parser.push(text.slice(i, i + size)));
  out.push(parser.end());
  return { text: out.join(""), pushes: out, done: parser.done };
}

describe("the chat-completions stream parser", () => {
  const stream = `: keep-alive\n\n${chunk("Good ")}${chunk("question, ")}${chunk("línea\nnueva")}data: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`;

  it("reads the same text however the stream is cut, with LF, CRLF or CR line ends", () => {
    for (const text of [stream, stream.replaceAll("\n", "\r\n"), stream.replaceAll("\n\n", "\r\r")]) {
      for (const size of [1, 2, 3, 7, 64, text.length]) {
        expect(feed(text, size)).toMatchObject({ text: "Good question, línea\nnueva", done: true });
      }
    }
  });

  it("gives every event a read completed in one push, and nothing after [DONE]", () => {
    const parser = new DeltaParser();
    expect(parser.push(chunk("a") + chunk("b") + chunk("c").slice(0, 10))).toBe("ab");
    expect(parser.push(chunk("c").slice(10))).toBe("c");
    expect(parser.push(`data: [DONE]\n\n${chunk("late")}`)).toBe("");
    expect(parser.end()).toBe("");
  });

  it("counts an event left without its blank line at the end", () => {
    expect(feed(chunk("tail").trimEnd(), 5).text).toBe("tail");
  });

  it("fails as the SDK's stream does: error events and objects are down, bad JSON and chunks without choices malformed", () => {
    const failure = (text: string) => {
      try {
        feed(text, text.length);
      } catch (error) {
        return error instanceof ProviderError ? error.failure : "other";
      }
      return null;
    };
    expect(failure(`data: {"error":{"message":"overloaded"}}\n\n`)).toBe("down");
    expect(failure(`event: error\ndata: {"message":"boom"}\n\n`)).toBe("down");
    expect(failure("data: {this is not json\n\n")).toBe("malformed");
    expect(failure(`data: {"id":"x"}\n\n`)).toBe("malformed");
    expect(failure(chunk("fine"))).toBeNull();
  });
});
