import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FIXTURE_DIR, FIXTURE_OPTIONS } from "../modules/learning/test-helpers.ts";
import { correctPositions } from "./answer-positions.ts";
import { loadContent } from "./loader.ts";
import { formatProblem } from "./model.ts";
import { rebalanceContent, reorderOptionsInFile } from "./rebalance.ts";

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SINGLES = [
  "courses/neon-basics/chapters/01-terminal/01-first-command.md",
  "courses/neon-basics/chapters/02-files/01-listing.md",
  "courses/neon-basics/chapters/02-files/02-moving.md",
];

/** A copy of the fixtures where every single-choice quiz of neon-basics has its answer first. */
function clusteredCopy(): string {
  const root = mkdtempSync(join(tmpdir(), "neonlab-positions-"));
  temps.push(root);
  cpSync(FIXTURE_DIR, root, { recursive: true });
  for (const file of SINGLES) {
    const path = join(root, file);
    const text = readFileSync(path, "utf8")
      .replace("\n        correct: true", "")
      .replace("- text: Option 0\n", "- text: Option 0\n        correct: true\n");
    writeFileSync(path, text);
  }
  return root;
}

describe("answer positions", () => {
  it("refuses a course whose single-choice answers cluster on one position, naming each file", () => {
    const problems = loadContent(clusteredCopy(), FIXTURE_OPTIONS).problems.map(formatProblem);
    expect(problems).toEqual(
      SINGLES.map(
        (file) =>
          `${file}: quizzes.0.options: the correct option is option 1 in file order, as in 3 of the course's 3 single-choice quizzes; spread the correct answers over the positions (npm run content -- rebalance)`,
      ),
    );
  });

  it("rebalances the files: answers spread, every line kept, a second run changes nothing", () => {
    const root = clusteredCopy();
    const before = SINGLES.map((file) => readFileSync(join(root, file), "utf8"));
    const changed = rebalanceContent(loadContent(root, { ...FIXTURE_OPTIONS, answerPositions: false }).model);
    expect(changed.length).toBeGreaterThan(0);
    const { model, problems } = loadContent(root, FIXTURE_OPTIONS);
    expect(problems).toEqual([]);
    const singles = model.courses[0].chapters.flatMap((c) => c.lessons.flatMap((l) => l.quizzes));
    const positions = singles.filter((q) => q.type === "single").map((q) => correctPositions(q)[0]);
    expect(new Set(positions).size).toBe(3);
    SINGLES.forEach((file, i) => {
      const lines = (text: string) => text.split("\n").sort();
      expect(lines(readFileSync(join(root, file), "utf8"))).toEqual(lines(before[i]));
    });
    const again = loadContent(root, FIXTURE_OPTIONS).model;
    expect(rebalanceContent(again)).toEqual([]);
  });

  it("moves option blocks exactly as written, quoted or not", () => {
    const text = [
      "---",
      "slug: x",
      "quizzes:",
      "  - id: q",
      "    options:",
      '      - text: "A"',
      "        correct: true",
      "        explanation: why A",
      "      - text: B # a comment",
      "        explanation: >-",
      "          folded B",
      "reflections: []",
      "---",
      "Body",
    ].join("\n");
    const moved = reorderOptionsInFile(text, 0, [1, 0], "x.md");
    expect(moved).toBe(
      [
        "---",
        "slug: x",
        "quizzes:",
        "  - id: q",
        "    options:",
        "      - text: B # a comment",
        "        explanation: >-",
        "          folded B",
        '      - text: "A"',
        "        correct: true",
        "        explanation: why A",
        "reflections: []",
        "---",
        "Body",
      ].join("\n"),
    );
  });
});
