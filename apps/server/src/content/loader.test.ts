import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FIXTURE_DIR, FIXTURE_OPTIONS } from "../modules/learning/test-helpers.ts";
import { quizOptionId } from "../modules/learning/option-ids.ts";
import { loadContent } from "./loader.ts";
import { countWords, findLinks } from "./markdown.ts";
import { formatProblem, modelCounts } from "./model.ts";

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixtures with one edit applied; returns the problems the checker finds. */
function problemsAfter(edit: (root: string) => void, options = FIXTURE_OPTIONS): string[] {
  const root = mkdtempSync(join(tmpdir(), "neonlab-content-"));
  temps.push(root);
  cpSync(FIXTURE_DIR, root, { recursive: true });
  edit(root);
  return loadContent(root, options).problems.map(formatProblem);
}

const FIRST = "courses/neon-basics/chapters/01-terminal/01-first-command.md";
const PATHS = "courses/neon-basics/chapters/01-terminal/02-paths.md";
const replaceIn = (root: string, file: string, from: string | RegExp, to: string) => {
  const path = join(root, file);
  const text = readFileSync(path, "utf8");
  const next = text.replace(from, to);
  expect(next, `edit of ${file} did nothing`).not.toBe(text);
  writeFileSync(path, next);
};

describe("content loader", () => {
  it("loads the fixture curriculum into an ordered model", () => {
    const { model, problems } = loadContent(FIXTURE_DIR, FIXTURE_OPTIONS);
    expect(problems).toEqual([]);
    expect(modelCounts(model)).toEqual({
      categories: 2,
      courses: 2,
      chapters: 4,
      lessons: 8,
      quizzes: 8,
      reflections: 4,
      projects: 2,
      steps: 4,
    });
    const basics = model.courses.find((c) => c.slug === "neon-basics");
    expect(basics?.chapters.map((c) => c.slug)).toEqual(["terminal", "files"]);
    expect(basics?.chapters[0].lessons.map((l) => [l.order, l.slug, l.xp])).toEqual([
      [1, "first-command", 10],
      [2, "paths", 15],
    ]);
    expect(basics?.cover.url).toMatch(/^\/api\/content-assets\/neon-basics\/cover\.svg\?v=[0-9a-f]{10}$/);
    expect(basics?.chapters[0].badge.image.url).toMatch(
      /^\/api\/content-assets\/neon-basics\/chapters\/01-terminal\/badge\.svg\?v=/,
    );
  });

  it("rewrites lesson links to site paths and images to asset URLs", () => {
    const { model } = loadContent(FIXTURE_DIR, FIXTURE_OPTIONS);
    const [terminal, files] = model.courses[0].chapters;
    const body = terminal.lessons[0].body;
    expect(body).toContain("[next lesson](/courses/neon-basics/paths#absolute)");
    expect(body).toMatch(
      /!\[A prompt\]\(\/api\/content-assets\/neon-basics\/chapters\/01-terminal\/prompt\.svg\?v=\w+\)/,
    );
    expect(terminal.intro).toContain("(/courses/neon-basics/listing)");
    expect(files.intro).toBe("Create, list and move files.");
  });

  it("counts prose words but not fenced code", () => {
    expect(countWords("One two three.\n\n```js\nconst a = 1; const b = 2;\n```\n\nFour [five](./x.md).")).toBe(5);
    expect(countWords("~~~\nnot counted at all\n~~~\nyes")).toBe(1);
    expect(countWords("If a < b and b > c then <em>tags</em> go.")).toBe(9);
    expect(findLinks("See `[x](./no.md)` and [y](./yes.md)\n```\n[z](./code.md)\n```")).toEqual([
      { target: "./yes.md", kind: "link" },
    ]);
  });

  it("flags lessons under 250 words by default", () => {
    const problems = loadContent(FIXTURE_DIR).problems.map(formatProblem);
    expect(problems).toContain(`${FIRST}: (body): has 113 words of prose; lessons need at least 250`);
    expect(problems).toHaveLength(8);
  });

  it("flags quiz options without an explanation", () => {
    const problems = problemsAfter((root) =>
      replaceIn(root, FIRST, "        explanation: Option 0 is wrong because of reason 0.\n", ""),
    );
    expect(problems).toEqual([
      `${FIRST}: quizzes.0.options.0.explanation: is required: every option needs an explanation shown after answering`,
    ]);
  });

  it("flags duplicate slugs", () => {
    const problems = problemsAfter((root) => replaceIn(root, PATHS, "slug: paths", "slug: first-command"));
    expect(problems).toContain(`${PATHS}: slug: duplicate lesson slug "first-command" in this course (also ${FIRST})`);
  });

  it("flags broken internal links and missing images", () => {
    const problems = problemsAfter((root) => {
      replaceIn(root, FIRST, "./02-paths.md#absolute", "./03-missing.md");
      replaceIn(root, PATHS, "You type", "![gone](./gone.png) Read [a course](/courses/nope/intro). You type");
      unlinkSync(join(root, "courses/neon-basics/chapters/02-files/badge.svg"));
    });
    expect(problems).toEqual([
      'courses/neon-basics/chapters/02-files/chapter.md: badge.image: image "badge.svg" does not exist',
      `${FIRST}: (body): broken link "./03-missing.md": no lesson file there`,
      `${PATHS}: (body): image "./gone.png" does not exist`,
      `${PATHS}: (body): broken link "/courses/nope/intro": there is no course "nope"`,
    ]);
  });

  it("flags xp outside 5–30, quizzes with the wrong number of correct options and unknown fields", () => {
    const problems = problemsAfter((root) => {
      replaceIn(root, FIRST, "xp: 10", "xp: 40\ndifficulty: hard");
      replaceIn(root, FIRST, "      - text: Option 0\n", "      - text: Option 0\n        correct: true\n");
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        `${FIRST}: xp: must be between 5 and 30`,
        `${FIRST}: difficulty: unknown field(s) difficulty`,
        `${FIRST}: quizzes.0.options: a single-choice quiz needs exactly one correct option (has 2)`,
      ]),
    );
  });

  it("gives options stable ids from their text or own id, keeps hints, and refuses twin options", () => {
    const { model } = loadContent(FIXTURE_DIR, FIXTURE_OPTIONS);
    const echo = model.courses[0].chapters[0].lessons[0].quizzes[0];
    expect(echo.hint).toBe("Think about what the shell prints back.");
    expect(echo.options.map((o) => o.id)).toEqual(echo.options.map((o) => quizOptionId("echo", o.text)));
    expect(new Set(echo.options.map((o) => o.id)).size).toBe(3);
    const problems = problemsAfter((root) => {
      replaceIn(root, FIRST, "- text: Option 2", "- text: Option 0");
      replaceIn(root, PATHS, "- text: ./notes.txt", "- text: ./notes.txt\n        id: my-option");
      replaceIn(root, PATHS, "- text: /home/neo", "- text: /home/neo\n        id: my-option");
      replaceIn(root, FIRST, "hint: Think about what the shell prints back.", "hint: ''");
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        `${FIRST}: quizzes.0.options.2: another option of this quiz has the same text`,
        `${PATHS}: quizzes.0.options.2: another option of this quiz has the same id "my-option"`,
        `${FIRST}: quizzes.0.hint: must not be empty`,
      ]),
    );
  });

  it("requires a reflection per chapter, a known category, a distinct badge and a folder named like the slug", () => {
    const problems = problemsAfter((root) => {
      replaceIn(root, PATHS, /reflections:\n(.*\n){2}/, "");
      replaceIn(root, "courses/neon-pro/course.md", "category: security", "category: cooking");
      cpSync(
        join(root, "courses/neon-pro/chapters/01-preview/badge.svg"),
        join(root, "courses/neon-pro/chapters/02-deep-dive/badge.svg"),
      );
      replaceIn(root, "courses/neon-basics/course.md", "slug: neon-basics", "slug: neon-basic");
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "courses/neon-basics/chapters/01-terminal/chapter.md: (chapter): the chapter needs at least one reflection in its lessons",
        'courses/neon-pro/course.md: category: "cooking" is not a slug in categories.yaml',
        "courses/neon-pro/chapters/02-deep-dive/chapter.md: badge.image: is the same image as the badge of courses/neon-pro/chapters/01-preview/chapter.md; each chapter needs its own",
        'courses/neon-basics/course.md: slug: must match the folder name "neon-basics"',
      ]),
    );
  });

  it("gives each project the cover in its own folder, and refuses a missing one or one outside it", () => {
    const { model } = loadContent(FIXTURE_DIR, FIXTURE_OPTIONS);
    expect(model.projects.map((p) => p.cover.url)).toEqual([
      expect.stringMatching(/^\/api\/project-assets\/neon-console\/cover\.svg\?v=[0-9a-f]{10}$/),
      expect.stringMatching(/^\/api\/project-assets\/neon-sign\/cover\.svg\?v=[0-9a-f]{10}$/),
    ]);
    const problems = problemsAfter((root) => {
      unlinkSync(join(root, "projects/neon-sign/cover.svg"));
      replaceIn(root, "projects/neon-console/project.md", "cover: cover.svg", "cover: ../neon-sign/cover.svg");
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'projects/neon-sign/project.md: cover: image "cover.svg" does not exist',
        'projects/neon-console/project.md: cover: "../neon-sign/cover.svg" must be inside the project folder',
      ]),
    );
  });

  it("reports unparsable frontmatter and a missing categories file by name", () => {
    const problems = problemsAfter((root) => {
      writeFileSync(join(root, PATHS), "---\ntitle: [unclosed\n---\nBody");
      unlinkSync(join(root, "categories.yaml"));
    });
    expect(problems[0]).toBe("categories.yaml: (file): is missing");
    expect(problems.some((p) => p.startsWith(`${PATHS}: (frontmatter): `))).toBe(true);
  });
});
