import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { TUTOR_MESSAGES } from "@neonlab/shared/schemas/tutor";
import { lessonPassages, offlineAnswer, searchPassages } from "./offline-provider.ts";

// The offline assistant's retrieval quality on the real curriculum (content/): for each question, written
// from a lesson, the excerpts it returns must hold the paragraph the answer comes from (a table in the output).

const CONTENT = resolve(import.meta.dirname, "../../../../../content/courses");

function lesson(file: string) {
  const text = readFileSync(resolve(CONTENT, file), "utf8");
  const [, front = "", ...rest] = text.split(/^---$/m);
  const title = /^title:\s*"?(.+?)"?$/m.exec(front)?.[1] ?? file;
  return { id: 1, title, goal: "", body: rest.join("---") };
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
  it(`finds the answer's paragraph for ${CASES.length} questions written from real lessons`, () => {
    const rows = CASES.map((c) => {
      const found = searchPassages(lessonPassages(lesson(c.file)), c.question);
      const rank = found.findIndex((p) => p.text.includes(c.source));
      return { question: c.question, lesson: c.file.split("/").at(-1), section: found[0]?.section ?? "-", rank };
    });
    const hits = rows.filter((r) => r.rank >= 0).length;
    console.log(
      [
        `offline retrieval: ${hits}/${rows.length} questions answered from their source paragraph`,
        "| # | question | lesson | first passage's section | source at |",
        "|---|---|---|---|---|",
        ...rows.map(
          (r, i) =>
            `| ${i + 1} | ${r.question} | ${r.lesson} | ${r.section} | ${r.rank < 0 ? "MISSED" : `passage ${r.rank + 1}`} |`,
        ),
      ].join("\n"),
    );
    // Known miss (kept in the table on purpose): "padding compared to margin" — the "Margin collapsing" section
    // repeats "margin" so often that it outranks the list that defines both. Fewer hits than today is a regression.
    expect(rows.filter((r) => r.rank < 0).map((r) => r.question)).toEqual(["what is padding compared to margin"]);
    expect(hits).toBeGreaterThanOrEqual(10);
  });

  it("always says it is the offline assistant, also when nothing matches", () => {
    const l = lesson("web-foundations/chapters/03-css-core/03-box-model.md");
    expect(offlineAnswer(l, "box model margin").startsWith(TUTOR_MESSAGES.offlineLead)).toBe(true);
    const none = offlineAnswer(l, "zzzz qqqq");
    expect(none.startsWith(TUTOR_MESSAGES.offlineLead)).toBe(true);
    expect(none).toContain("could not find");
  });
});
