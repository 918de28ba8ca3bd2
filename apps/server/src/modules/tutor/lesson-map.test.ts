import { describe, expect, it } from "vitest";
import { renderMarkdown } from "@neonlab/shared/markdown/pipeline";
import { loadLessons } from "../../../../../bench/tutor-eval/eval.ts";
import { INTRO_ID, lessonMap } from "./lesson-map.ts";

// The tutor's links into a lesson (`[Title](#id)`) scroll to the heading only if the lesson page gives the heading
// that id: every section the tutor knows, in every lesson of content/, is a heading with that id on the page.

describe("the tutor's map of a lesson", () => {
  it("names its sections by the ids the lesson page gives their headings", async () => {
    let sections = 0;
    for (const [key, { lesson }] of loadLessons()) {
      const html = await renderMarkdown(lesson.body, { headingIds: true });
      const onPage = [...html.matchAll(/<h[2-6] id="([^"]+)">/g)].map((m) => m[1]);
      const map = lessonMap(lesson);
      expect(map.sections[0]).toMatchObject({ id: INTRO_ID, title: lesson.title });
      expect(
        map.sections.slice(1).map((s) => s.id),
        key,
      ).toEqual(onPage);
      sections += onPage.length;
    }
    expect(sections).toBeGreaterThan(250);
  });

  it("cuts sections into sentences: prose, list items, table rows and lines of code", () => {
    const map = lessonMap({
      title: "T",
      body: "Intro. Two.\n\n## A part\n\nFirst one here. Then `x.y` is fine.\n\n- an item here today\n\n| a | b |\n| --- | --- |\n| `ls` | lists files |\n\n```bash\nls -la   # all\n```",
    });
    expect(map.sections.map((s) => s.id)).toEqual([INTRO_ID, "a-part"]);
    expect(map.sentences.map((s) => [s.section, s.kind, s.text])).toEqual([
      [0, "prose", "Intro."],
      [0, "prose", "Two."],
      [1, "prose", "First one here."],
      [1, "prose", "Then `x.y` is fine."],
      [1, "item", "an item here today"],
      [1, "row", "`ls` — lists files"],
      [1, "code", "ls -la   # all"],
    ]);
    // The code block belongs with the passage before it.
    expect(map.passages.at(-1)!.text).toContain("lists files");
    expect(map.passages.at(-1)!.text).toContain("ls -la");
  });
});
