import { ProviderError } from "./provider.ts";

/**
 * Reads a chat-completions event stream (text/event-stream, one `chat.completion.chunk` per `data:` event) into
 * the reply's text: `push` takes what one network read brought and returns the text of every event it completed,
 * joined, so a read carrying several events costs one step downstream. Failures are told as the openai SDK's own
 * stream would: an `error` event or an `error` object → "down", data that is not JSON → "malformed".
 */
export class DeltaParser {
  /** `[DONE]` was read: nothing after it counts. */
  done = false;
  private line = "";
  private data: string[] = [];
  private event = "";
  /** The previous piece ended with a CR: a LF opening this one belongs to the same line ending. */
  private afterCr = false;

  push(piece: string): string {
    let text = "";
    let start = 0;
    if (this.afterCr && piece.charCodeAt(0) === 10) start = 1;
    this.afterCr = false;
    for (let i = start; i < piece.length && !this.done; i++) {
      const code = piece.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      const line = this.line === "" ? piece.slice(start, i) : this.line + piece.slice(start, i);
      this.line = "";
      if (code === 13) {
        if (i + 1 === piece.length) this.afterCr = true;
        else if (piece.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
      text += this.take(line);
    }
    if (!this.done && start < piece.length) this.line += piece.slice(start);
    return text;
  }

  /** The end of the stream: an event left without its blank line still counts (as the SDK does). */
  end(): string {
    if (this.done) return "";
    const line = this.line;
    this.line = "";
    return (line === "" ? "" : this.take(line)) + this.take("");
  }

  private take(line: string): string {
    if (line === "") return this.dispatch();
    if (line.charCodeAt(0) === 58) return ""; // ":" a comment
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
    return "";
  }

  private dispatch(): string {
    if (this.data.length === 0) {
      this.event = "";
      return "";
    }
    const data = this.data.length === 1 ? this.data[0]! : this.data.join("\n");
    const event = this.event;
    this.data = [];
    this.event = "";
    if (data === "[DONE]") {
      this.done = true;
      return "";
    }
    let chunk: { error?: { message?: string }; choices?: { delta?: { content?: unknown } }[] } | null;
    try {
      chunk = JSON.parse(data);
    } catch {
      throw new ProviderError("malformed", "malformed server-sent event JSON");
    }
    if (event === "error" || chunk?.error) {
      throw new ProviderError("down", chunk?.error?.message ?? "the provider sent an error event");
    }
    if (!chunk || !Array.isArray(chunk.choices)) throw new ProviderError("malformed", "a chunk without choices");
    const content = chunk.choices[0]?.delta?.content;
    return typeof content === "string" ? content : "";
  }
}
