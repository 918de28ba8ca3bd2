import { describe, expect, it } from "vitest";
import { leakGuard, Normalizer, normalize } from "./leak-guard.ts";

// The guard against a model that states a correct option in disguise: each form, in a whole reply and streamed.

const option =
  "The shell expands the glob before the program runs, so the program receives every matching file name as its own argument.";
/** A middle-sized option: matched as a whole, never by a part of it. */
const mid = "console.log(total)";
const long = [
  { quizId: 7, text: option },
  { quizId: 8, text: mid },
];
const guard = leakGuard([...long, { quizId: 9, text: "1" }]);

const ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"];
const HOMOGLYPHS: Record<string, string> = { a: "а", e: "е", o: "ο", p: "р", c: "с", x: "х", i: "і", T: "Т", y: "у" };
const words = option.split(" ");
const half = Math.floor(words.length / 2);
let z = 0;

const forms: [string, string][] = [
  ["verbatim", option],
  ["punctuation removed", option.replace(/[^\p{L}\p{N}\s]/gu, "")],
  ["its first 72 characters", option.slice(0, 72)],
  [
    "split across a markdown link",
    `[${words.slice(0, half).join(" ")}](https://example.com/x) ${words.slice(half).join(" ")}`,
  ],
  [
    "zero-width characters inside",
    option.replace(/(.)(.)/gsu, (_, a, b) => a + ZERO_WIDTH[z++ % ZERO_WIDTH.length] + b),
  ],
  ["homoglyphs (Cyrillic, Greek)", option.replace(/[aeopcxiTy]/g, (c) => HOMOGLYPHS[c]!)],
  ["hyphens between words", words.join("-")],
  ["hyphens between letters", option.replace(/(\p{L})(?=\p{L})/gu, "$1-")],
  [
    "<b> and <strong> tags",
    option.replace("shell", "sh<b>ell</b>").replace(/the program receives/, "<strong>$&</strong>"),
  ],
  ["mixed case", [...option].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join("")],
  ["non-breaking spaces", option.replace(/ /g, "\u00a0")],
  ["character references", option.replace(/o/g, "&#x3bf;").replace(/ /g, "&nbsp;").replace("shell", "sh&#8203;ell")],
  ["an HTML comment inside", option.replace("expands", "exp<!-- a note -->ands")],
  ["all of them at once", `[T<b>һе</b>\u200b SHELL-expands](x)\u00a0the glοb beforethe program\u2060 runs`],
];

/** Streams `reply` through a scan as chat.ts does: what was sent when a leak stopped it (or all of it). */
function stream(reply: string, cuts: number[]) {
  const scan = guard.scan();
  let sent = 0;
  let at = 0;
  for (const cut of [...cuts, reply.length]) {
    const { leaked, safe } = scan.push(reply.slice(at, cut));
    at = cut;
    if (leaked !== null) return { leaked, sent: reply.slice(0, sent) };
    sent = Math.max(sent, safe);
  }
  const { leaked } = scan.end();
  return { leaked, sent: leaked === null ? reply : reply.slice(0, sent) };
}

/** A fixed sequence of pseudo-random numbers (a test must not depend on luck). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** Every split into two pieces, and many random splits into pieces of 1–12 characters. */
function chunkings(reply: string): number[][] {
  const all: number[][] = [];
  for (let k = 1; k < reply.length; k++) all.push([k]);
  const next = random(reply.length);
  for (let r = 0; r < 40; r++) {
    const cuts: number[] = [];
    for (let at = 1 + Math.floor(next() * 12); at < reply.length; at += 1 + Math.floor(next() * 12)) cuts.push(at);
    all.push(cuts);
  }
  return all;
}

describe("the leak guard against a disguised option", () => {
  it.each(forms)("catches it %s in a whole reply", (_, form) => {
    expect(guard.leaks(`Sure. The correct answer is: ${form}. Good luck!`)).toBe(7);
    expect(guard.leaks(form)).toBe(7);
  });

  it.each(forms)("catches it %s streamed in any chunking, before any of it was sent", (_, form) => {
    const reply = `Sure, here it is: ${form}. Good luck!`;
    const start = reply.indexOf(form) + form.search(/[\p{L}\p{N}]/u);
    for (const cuts of chunkings(reply)) {
      const result = stream(reply, cuts);
      expect(result.leaked, `${cuts}`).toBe(7);
      expect(result.sent.length, `${cuts}`).toBeLessThanOrEqual(start);
    }
  });

  it("catches a middle-sized option as a whole, in disguise too, but not inside a longer word", () => {
    for (const reply of ["Try console.log(total).", "Try c-o-n-s-o-l-e.lοg(<b>total</b>)", "Try CONSOLE LOG TOTAL"]) {
      expect(guard.leaks(reply), reply).toBe(8);
      for (const cuts of chunkings(reply)) expect(stream(reply, cuts).leaked, `${reply} ${cuts}`).toBe(8);
    }
    for (const reply of ["Try console.log(totals)", "Try console.log(total2)", "Try myconsole.log(total)"]) {
      for (const cuts of chunkings(reply))
        expect(stream(reply, cuts), `${reply} ${cuts}`).toEqual({ leaked: null, sent: reply });
    }
  });

  it("lets ordinary explanations through even when they share the option's words", () => {
    const replies = [
      "The shell reads your command first. Which happens first: the program starting, or the glob being expanded?",
      "Every program receives its arguments as a list. Try echo *.txt in a folder: what does the program get?",
      "The program runs after the shell has done its work on the line, so think about which file name each argument is.",
      "A glob such as *.md matches file names. The shell expands the variables too — look at the lesson's second part.",
      "Use console.log to print the total, then compare it with the lesson.",
    ];
    for (const reply of replies) {
      expect(guard.leaks(reply), reply).toBeNull();
      // Only a short tail that could begin the option waits for the next piece.
      // (With a short option, a stated word such as "print" holds back what follows it too.)
      expect(leakGuard(long).safeLength(reply), reply).toBeGreaterThan(reply.length - 24);
      for (const cuts of chunkings(reply))
        expect(stream(reply, cuts), `${reply} ${cuts}`).toEqual({ leaked: null, sent: reply });
    }
  });

  it("normalises markup, invisible characters and look-alikes the same however the text is split", () => {
    const raw =
      "Ｔhe <b>ﬁ\u200bnal</b> [glob](x.md) ＜i＞ stays, Array<string> too; е\u0301té ① &amp;&#x41;<!-- x --> a && b &copy; end <b";
    const whole = normalize(raw);
    expect(whole).toBe("the final [glob] <i> stays, array<string> too; ete 1 &a a && b &copy; end <b");
    for (let size = 1; size <= raw.length; size++) {
      const n = new Normalizer();
      for (let i = 0; i < raw.length; i += size) n.push(raw.slice(i, i + size));
      n.end();
      expect(n.norm, `${size}`).toBe(whole);
      expect(n.key, `${size}`).toBe("thefinalglobistaysarraystringtooete1aabcopyendb");
      expect(n.at.map((i) => raw[i]).join(""), `${size}`).toBe(
        "Ｔhe ﬁﬁnal [glob] ＜i＞ stays, Array<string> too; еté ① && a && b &copy; end <b",
      );
    }
  });
});
