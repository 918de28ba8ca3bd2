import type { TutorStreamEvent } from "@neonlab/shared/schemas/tutor";
import type { App } from "../../app.ts";
import type { TestUser } from "../../test/users.ts";

/** The events of a streamed answer (SSE `data:` lines). */
export function parseEvents(body: string): TutorStreamEvent[] {
  return body
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: "))
    .map((frame) => JSON.parse(frame.slice(6)) as TutorStreamEvent);
}

/** The text the learner ends up seeing: deltas after the last retract. */
export function shownText(events: TutorStreamEvent[]): string {
  let text = "";
  for (const e of events) {
    if (e.type === "retract") text = "";
    if (e.type === "delta") text += e.text;
  }
  return text;
}

export async function ask(
  app: App,
  user: TestUser,
  input: { assistantId: string; question: string; threadId?: number | null },
) {
  const res = await app.inject({ method: "POST", url: "/api/lessons/chat", headers: user.headers, payload: input });
  const events = res.statusCode === 200 ? parseEvents(res.body) : [];
  const done = events.find((e) => e.type === "done");
  const error = events.find((e) => e.type === "error");
  return { res, events, done, error, text: shownText(events) };
}

export async function tutorInfo(app: App, user: TestUser, lessonId: number) {
  const res = await app.inject({ method: "GET", url: `/api/lessons/${lessonId}/openai`, headers: user.headers });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json() as {
    assistant_id: string;
    offline_assistant_id: string;
    kind: string;
    model: string;
    questions_left: number;
    questions_per_day: number;
    resets_at: string;
    threads: { id: number; title: string; message_count: number }[];
  };
}
