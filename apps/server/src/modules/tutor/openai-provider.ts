import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { type ChatProvider, ProviderError, type ProviderRequest } from "./provider.ts";

export type OpenAiOptions = {
  baseURL: string | undefined;
  apiKey: string | undefined;
  model: string;
  /** Longest wait for the first token, and then between two chunks. */
  timeoutMs: number;
};

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, llama.cpp server, vLLM…) through the
 * openai SDK, streamed. No retries: a failure is told to the learner at once, who can ask again or ask the
 * offline assistant. A stall (no chunk for `timeoutMs`) aborts the upstream request.
 */
export function openAiProvider(options: OpenAiOptions): ChatProvider {
  const client = new OpenAI({
    baseURL: options.baseURL,
    // Local servers take any key; the SDK insists on one.
    apiKey: options.apiKey ?? "none",
    maxRetries: 0,
    timeout: options.timeoutMs,
  });
  return {
    kind: "model",
    model: options.model,
    async *stream(request: ProviderRequest) {
      const upstream = new AbortController();
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          upstream.abort();
        }, options.timeoutMs);
      };
      const onAbort = () => upstream.abort();
      request.signal.addEventListener("abort", onAbort, { once: true });
      arm();
      try {
        const stream = await client.chat.completions.create(
          { model: options.model, messages: request.turns, stream: true },
          { signal: upstream.signal },
        );
        let received = false;
        for await (const chunk of stream) {
          arm();
          if (!chunk || !Array.isArray(chunk.choices)) throw new ProviderError("malformed", "a chunk without choices");
          const text = chunk.choices[0]?.delta?.content;
          if (typeof text === "string" && text !== "") {
            received = true;
            yield text;
          }
        }
        // An aborted stream can end without an error: say why it ended.
        if (request.signal.aborted) throw request.signal.reason;
        if (timedOut) throw new ProviderError("timeout", "the stream stalled");
        if (!received) throw new ProviderError("malformed", "the stream ended without any text");
      } catch (error) {
        throw classify(error, request.signal, timedOut);
      } finally {
        clearTimeout(timer);
        request.signal.removeEventListener("abort", onAbort);
        upstream.abort();
      }
    },
  };
}

function classify(error: unknown, signal: AbortSignal, timedOut: boolean): unknown {
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
