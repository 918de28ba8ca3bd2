import { describe, expect, it } from "vitest";
import { leakGuard, Normalizer, normalize } from "./leak-guard.ts";

/** Streams `reply` in chunks of `size` through the guard as chat.ts does; what was sent when it stopped. */
function stream(guard: ReturnType<typeof leakGuard>, reply: string, size: number) {
  const scan = guard.scan();
  let text = "";
  let sent = 0;
  for (let i = 0; i < reply.length; i += size) {
    const piece = reply.slice(i, i + size);
    text += piece;
    const { leaked, safe } = scan.push(piece);
    if (leaked !== null) return { leaked: true, sent: text.slice(0, sent) };
    sent = Math.max(sent, safe);
  }
  return { leaked: false, sent: text };
}

const long = "The prompt shows the current directory";
const guard = leakGuard([
  { quizId: 1, text: long },
  { quizId: 2, text: "1" },
]);

describe("the leak guard", () => {
  it("normalises piece by piece with a map back to the raw text", () => {
    const raw = "  **The**\n\n  `cd`  Σ 😀x ";
    for (const size of [1, 2, 3, 7, 100]) {
      const n = new Normalizer();
      for (let i = 0; i < raw.length; i += size) n.push(raw.slice(i, i + size));
      // Σ is a look-alike of "o", folded as one.
      expect(n.norm).toBe("the cd o 😀x");
      expect(n.norm).toBe(normalize(raw));
      expect(n.at.map((i) => raw[i])).toEqual(["T", "h", "e", "\n", "c", "d", " ", "Σ", " ", "\ud83d", "\ud83d", "x"]);
    }
  });

  it("cuts a stated option, in any chunking and markup, before any of its characters was sent", () => {
    const replies = [
      `Sure. The correct answer is: ${long}.`,
      `Sure. The correct answer is: **${long.replace("current", "CURRENT\n  ")}**`,
      "Here you go, the answer is `1` as you guessed.",
      "It prints 1.",
    ];
    for (const reply of replies) {
      for (const size of [1, 2, 3, 5, 8, 13, 40, 400]) {
        const result = stream(guard, reply, size);
        expect(result.leaked, reply).toBe(true);
        expect(normalize(result.sent), `${reply} / ${size}`).not.toMatch(/the prompt|\b1\b|promp/);
        const firstOptionChar = reply.search(/The prompt|1/);
        expect(result.sent.length).toBeLessThanOrEqual(firstOptionChar);
      }
    }
  });

  it("sends a reply that states nothing at once, holding back only a tail that could begin an option", () => {
    const reply = "Good question! Let's work it out together. What do you expect this smaller example to show? The pr";
    expect(guard.safeLength(reply)).toBe(reply.length - "The pr".length);
    expect(guard.safeLength("Look at the lesson again")).toBe("Look at the lesson again".length);
    // "the answer is …" near the end may still be followed by a short option: held from the stated word.
    const stated = "Think about it. The answer is";
    expect(guard.safeLength(stated)).toBe(stated.indexOf("answer"));
    expect(leakGuard([]).safeLength("anything")).toBe(8);
  });
});
