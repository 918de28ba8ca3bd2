import { describe, expect, it } from "vitest";
import { documentHeadings, headingSlug } from "./headings.ts";
import { parseMarkdown } from "./parse.ts";
import { renderMarkdown } from "./pipeline.ts";

describe("heading ids", () => {
  it("are made of a heading's letters and digits, one dash between words", () => {
    expect(headingSlug("Moving around with cd")).toBe("moving-around-with-cd");
    expect(headingSlug("Deleting — carefully")).toBe("deleting-carefully");
    expect(headingSlug("== versus ===")).toBe("versus");
    expect(headingSlug("Save typing with ~/.ssh/config")).toBe("save-typing-with-ssh-config");
    expect(headingSlug("Café crème")).toBe("cafe-creme");
    expect(headingSlug("???")).toBe("section");
  });

  it("are unique within a document, read from the text the page shows", () => {
    const headings = documentHeadings(
      parseMarkdown("## Try it\n\n## `!important` and *layers*\n\n### Try it\n\n## Try it"),
    );
    expect(headings.map((h) => [h.text, h.id])).toEqual([
      ["Try it", "try-it"],
      ["!important and layers", "important-and-layers"],
      ["Try it", "try-it-2"],
      ["Try it", "try-it-3"],
    ]);
  });

  it("are rendered only when asked for (lessons), not for blogs or tutor answers", async () => {
    const markdown = "Intro\n\n## Where am I?\n\ntext\n\n## Where am I?";
    expect(await renderMarkdown(markdown, { headingIds: true })).toContain(
      '<h2 id="where-am-i">Where am I?</h2>\n<p>text</p>\n<h2 id="where-am-i-2">Where am I?</h2>',
    );
    expect(await renderMarkdown(markdown)).toContain("<h2>Where am I?</h2>");
    expect(await renderMarkdown(markdown, { ugc: true })).not.toContain(" id=");
  });
});
