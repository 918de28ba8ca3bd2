import { describe, expect, it } from "vitest";
import { listen, statusCounts } from "../../test/burst.ts";
import { createUser } from "../../test/users.ts";
import { createLearningApp, lessonId } from "../learning/test-helpers.ts";
import { parseEvents, tutorInfo } from "./test-helpers.ts";

// The daily allowance under concurrency: 30 questions at once from a free user → exactly 20 answered, 10 × 429,
// on PGlite and (with TEST_DATABASE_URL) on PostgreSQL, where the sends really run in parallel.

const kinds = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres" as const] : [])] as const;

describe.each(kinds)("tutor allowance race (%s)", async (kind) => {
  const app = await createLearningApp({ kind });
  const lesson = await lessonId(app.ctx.db, "neon-basics", "first-command");

  it("30 concurrent questions from a free user: exactly 20 answered, 10 refused with 429", async () => {
    const base = await listen(app);
    const user = await createUser(app);
    const results = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const res = await fetch(`${base}/api/lessons/chat`, {
          method: "POST",
          headers: { ...user.headers, "content-type": "application/json" },
          body: JSON.stringify({ assistantId: `lesson-${lesson}`, question: `What does echo do? (${i})` }),
        });
        return { status: res.status, body: await res.text() };
      }),
    );
    expect(statusCounts(results)).toEqual({ 200: 20, 429: 10 });
    const answered = results
      .filter((r) => r.status === 200)
      .map((r) => parseEvents(r.body).find((e) => e.type === "done"));
    expect(answered.every((d) => d?.type === "done")).toBe(true);
    const left = answered.map((d) => (d?.type === "done" ? d.questions_left : -1)).sort((a, b) => a - b);
    expect(left).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const refused of results.filter((r) => r.status === 429)) {
      expect(JSON.parse(refused.body).message).toMatch(
        /^You have asked all 20 of today's questions\. They reset at midnight/,
      );
    }
    const info = await tutorInfo(app, user, lesson);
    expect(info.questions_left).toBe(0);
    expect(info.threads).toHaveLength(20);
  });
});
