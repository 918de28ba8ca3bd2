import type { TutorInfo, TutorStreamEvent, TutorThreadDetail } from "@neonlab/shared/schemas/tutor";
import { queryOptions } from "@tanstack/react-query";
import { createParser } from "eventsource-parser";
import { ApiError, api, apiErrorFrom, apiPath } from "../../../lib/api-client.ts";
import { readAuthToken } from "../../../lib/auth-token.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const tutorInfoQuery = (lessonId: number) =>
  queryOptions({
    queryKey: queryKeys.tutor.info(lessonId),
    queryFn: ({ signal }) => api<TutorInfo>(`lessons/${lessonId}/openai`, { signal }),
  });

export const tutorThreadQuery = (threadId: number) =>
  queryOptions({
    queryKey: queryKeys.tutor.thread(threadId),
    queryFn: ({ signal }) => api<TutorThreadDetail>(`lessons/chat/threads/${threadId}`, { signal }),
  });

export const deleteTutorThread = (threadId: number) =>
  api<{ deleted: true }>(`lessons/chat/threads/${threadId}`, { method: "DELETE" });

/**
 * Asks the tutor and reads the streamed answer (POST + fetch's ReadableStream; EventSource is GET-only),
 * calling `onEvent` per event. A refusal before the stream (400, 403, 404, 429) throws ApiError. Not retried:
 * a question is asked once (the server counts it only when answered).
 */
export async function streamChat(
  input: { assistantId: string; threadId: number | null; question: string },
  onEvent: (event: TutorStreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  const token = readAuthToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(new URL(apiPath("lessons/chat"), window.location.origin), {
    method: "POST",
    headers,
    body: JSON.stringify(input),
    signal,
  });
  if (!response.ok) throw apiErrorFrom(response, await response.json().catch(() => null));
  if (!response.body) throw new ApiError(502, "Bad Gateway", "The answer could not be read.");
  const parser = createParser({ onEvent: (message) => onEvent(JSON.parse(message.data) as TutorStreamEvent) });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
}
