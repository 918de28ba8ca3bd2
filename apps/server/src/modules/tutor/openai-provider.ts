import type OpenAI from "openai";
import { type ChatProvider, ProviderError, type ProviderRequest } from "./provider.ts";
import { DeltaParser } from "./sse-deltas.ts";

export type OpenAiOptions = {
  baseURL: string | undefined;
  apiKey: string | undefined;
  model: string;
  /** Longest wait for the first token, and then between two chunks. */
  timeoutMs: number;
};

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, llama.cpp server, vLLM…) through the
 * openai SDK, streamed; each yield is the text of one network read (one or more chunks). No retries: a failure is told to the learner at once, who can ask again or ask the
 * offline assistant. A stall (no chunk for `timeoutMs`) aborts the upstream request.
 */
export function openAiProvider(options: OpenAiOptions): ChatProvider {
  let client: OpenAI | undefined;
  return {
    kind: "model",
    model: options.model,
    async *stream(request: ProviderRequest) {
      // The SDK (~240 modules, ~6 MB of heap) loads with the first question, not with the server.
      const sdk = await import("openai");
      // The learner may have gone while the SDK loaded (the abort listener below would never fire).
      if (request.signal.aborted) throw request.signal.reason;
      client ??= new sdk.default({
        baseURL: options.baseURL,
        // Local servers take any key; the SDK insists on one.
        apiKey: options.apiKey ?? "none",
        maxRetries: 0,
        timeout: options.timeoutMs,
      });
      const api = client;
      const upstream = new AbortController();
      let timedOut = false;
      let finished = false;
      // One timer per stream, pushed back lazily: a chunk only notes its time (no timer per chunk).
      let last = performance.now();
      const arm = (ms: number) =>
        setTimeout(() => {
          const idle = performance.now() - last;
          if (idle < options.timeoutMs) {
            timer = arm(options.timeoutMs - idle);
            return;
          }
          timedOut = true;
          upstream.abort();
        }, ms);
      let timer = arm(options.timeoutMs);
      const onAbort = () => upstream.abort();
      request.signal.addEventListener("abort", onAbort, { once: true });
      try {
        // The SDK makes the request (headers, key, status errors); its Response's body is read here with a light
        // parser instead of the SDK's per-event async iterators (decision 030, "CPU per chunk").
        const response = await api.chat.completions
          .create({ model: options.model, messages: request.turns, stream: true }, { signal: upstream.signal })
          .asResponse();
        if (!response.body) throw new ProviderError("malformed", "a response without a body");
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        const parser = new DeltaParser();
        let received = false;
        // Read to the body's end even after `[DONE]`, so the connection goes back to the pool (not aborted).
        for (;;) {
          const { done, value } = await reader.read();
          const text = done
            ? parser.push(decoder.decode()) + parser.end()
            : parser.push(decoder.decode(value, { stream: true }));
          last = performance.now();
          if (text !== "") {
            received = true;
            yield text;
          }
          if (done) break;
        }
        finished = true;
        // An aborted stream can end without an error: say why it ended.
        if (request.signal.aborted) throw request.signal.reason;
        if (timedOut) throw new ProviderError("timeout", "the stream stalled");
        if (!received) throw new ProviderError("malformed", "the stream ended without any text");
      } catch (error) {
        throw classify(sdk, error, request.signal, timedOut);
      } finally {
        clearTimeout(timer);
        request.signal.removeEventListener("abort", onAbort);
        if (!finished) upstream.abort();
      }
    },
  };
}

function classify(sdk: typeof import("openai"), error: unknown, signal: AbortSignal, timedOut: boolean): unknown {
  const { APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  if (signal.aborted) return signal.reason ?? error;
  if (error instanceof ProviderError) return error;
  if (timedOut || error instanceof APIConnectionTimeoutError) return new ProviderError("timeout", "no answer in time");
  if (error instanceof APIUserAbortError) return new ProviderError("timeout", "no answer in time");
  if (error instanceof APIError && error.status === 429) return new ProviderError("rate_limited", error.message);
  if (error instanceof APIError && error.status !== undefined && error.status < 500 && error.status !== 408) {
    // 400/401/404…: the configuration (key, model name) is wrong; for the learner it is down.
    return new ProviderError("down", error.message, { cause: error });
  }
  if (error instanceof SyntaxError) return new ProviderError("malformed", error.message, { cause: error });
  return new ProviderError("down", error instanceof Error ? error.message : String(error), { cause: error });
}
