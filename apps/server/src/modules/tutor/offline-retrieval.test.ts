import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { TUTOR_MESSAGES } from "@neonlab/shared/schemas/tutor";
import type { TutorLesson } from "../learning/service.ts";
import { lessonMap } from "./lesson-map.ts";
import { rankSections } from "./retrieval.ts";
import { offlineReply } from "./teaching.ts";
import { planTurn } from "./turn-plan.ts";

// The offline assistant's retrieval on the real curriculum (content/), on 13 questions written from real lessons
// before its search was tuned on the evaluation set (bench/tutor-eval/cases.json): kept apart from that set, as a
// check that the tuning did not only fit it. The section it points to must hold the answer's paragraph.

const CONTENT = resolve(import.meta.dirname, "../../../../../content/courses");

function lesson(file: string): TutorLesson {
  const text = readFileSync(resolve(CONTENT, file), "utf8");
  const [, front = "", ...rest] = text.split(/^---$/m);
  const title = /^title:\s*"?(.+?)"?$/m.exec(front)?.[1] ?? file;
  return { id: 1, title, goal: "", body: rest.join("---"), course: "", chapter: "", quizzes: [], reflections: [] };
}

const CASES: { file: string; question: string; source: string }[] = [
  {
    file: "javascript-essentials/chapters/01-values-variables/03-variables.md",
    question: "Can I change a property of an object declared with const?",
    source: "protects the *binding*, not the value",
  },
  {
    file: "javascript-essentials/chapters/01-values-variables/03-variables.md",
    question: "What is the temporal dead zone?",
    source: "is called the **temporal dead zone**",
  },
  {
    file: "javascript-essentials/chapters/01-values-variables/03-variables.md",
    question: "why shouldn't I use var? it leaks out of blocks",
    source: "var ignores block scope",
  },
  {
    file: "linux-command-line/chapters/01-shell-and-filesystem/02-paths-and-navigation.md",
    question: "what's the difference between an absolute path and a relative path",
    source: "An **absolute path** starts with `/`",
  },
  {
    file: "linux-command-line/chapters/01-shell-and-filesystem/02-paths-and-navigation.md",
    question: "how do I see my working directory?",
    source: "`pwd` (print working directory)",
  },
  {
    file: "linux-command-line/chapters/02-users-permissions-processes/02-chmod-and-umask.md",
    question: "How do the octal digits of chmod add up, r w x?",
    source: "adding up `r = 4`, `w = 2` and `x = 1`",
  },
  {
    file: "linux-command-line/chapters/02-users-permissions-processes/02-chmod-and-umask.md",
    question: "When should I use symbolic mode instead of octal?",
    source: "Octal always sets *all* bits at once",
  },
  {
    file: "web-foundations/chapters/03-css-core/03-box-model.md",
    question: "what is padding compared to margin",
    source: "**Padding**: space inside the border",
  },
  {
    file: "web-foundations/chapters/03-css-core/03-box-model.md",
    question: "Why is my 200px wide panel wider on screen?",
    source: "By default `width` sets only the *content* box",
  },
  {
    file: "javascript-essentials/chapters/04-async-modules/01-promises.md",
    question: "Why does setTimeout with 0 ms still run last?",
    source: "Even with a delay of 0 ms, the timer's callback runs *last*",
  },
  {
    file: "javascript-essentials/chapters/04-async-modules/01-promises.md",
    question: "Why would the page freeze if network requests were not asynchronous?",
    source: "every page would freeze on every request",
  },
  {
    file: "web-security-basics/chapters/01-foundations-and-access-control/01-owasp-top-10-and-ethics.md",
    question: "Am I allowed to test any website I find?",
    source: "Only test systems you own",
  },
  {
    file: "web-security-basics/chapters/03-crypto-and-identity/01-cryptographic-failures.md",
    question: "Is Base64 encoding a way to keep data secret?",
    source: "| Encoding (Base64, hex, URL encoding)",
  },
];

describe("the offline assistant", () => {
  it(`points to the section that answers ${CASES.length} questions written from real lessons`, () => {
    const rows = CASES.map((c) => {
      const l = lesson(c.file);
      const map = lessonMap(l);
      const top = rankSections(l, [{ text: c.question, weight: 1 }])[0];
      const hit = !!top && map.passages.some((p) => p.section === top.section.index && p.text.includes(c.source));
      return { question: c.question, lesson: c.file.split("/").at(-1), section: top?.section.title ?? "-", hit };
    });
    const hits = rows.filter((r) => r.hit).length;
    console.log(
      [
        `offline retrieval (held out): ${hits}/${rows.length} questions pointed to their source's section`,
        "| # | question | lesson | section pointed to | |",
        "|---|---|---|---|---|",
        ...rows.map(
          (r, i) => `| ${i + 1} | ${r.question} | ${r.lesson} | ${r.section} | ${r.hit ? "hit" : "MISSED"} |`,
        ),
      ].join("\n"),
    );
    // Known miss (kept in the table on purpose): "padding compared to margin" — the intro's list defines both,
    // but "Shorthands" is all padding and margin. Fewer hits than today is a regression.
    expect(rows.filter((r) => !r.hit).map((r) => r.question)).toEqual(["what is padding compared to margin"]);
  });

  it("always says it is the offline assistant, and says plainly what the lesson does not cover", () => {
    const l = lesson("web-foundations/chapters/03-css-core/03-box-model.md");
    const answer = (q: string) => offlineReply(l, planTurn(l, [], q), [], q);
    const covered = answer("box model margin");
    expect(covered.startsWith(TUTOR_MESSAGES.offlineLead)).toBe(true);
    expect(covered).toMatch(/\]\(#[a-z0-9-]+\)/);
    const none = answer("how do I deploy to kubernetes");
    expect(none.startsWith(TUTOR_MESSAGES.offlineLead)).toBe(true);
    expect(none).toContain('"The Box Model" does not cover that');
    expect(none).toContain('search for "deploy kubernetes"');
  });
});
