import { describe, expect, it } from "vitest";
import { countWords, findLinks, rewriteLinks } from "./markdown.ts";

// The checker reads a lesson as its page does (the one markdown parser): code is what the page shows as code.
describe("content markdown", () => {
  it("leaves out code blocks inside lists and quotes, and indented code", () => {
    const inList = "- Run it:\n\n    ```sh\n    cat [z](./list.md)\n    ```\n\n[Next](./next.md)";
    expect(findLinks(inList)).toEqual([{ target: "./next.md", kind: "link" }]);
    expect(countWords(inList)).toBe(3);
    expect(findLinks("> ~~~\n> [q](./quote.md)\n> ~~~")).toEqual([]);
    expect(findLinks("Example:\n\n    [i](./indented.md)")).toEqual([]);
  });

  it("finds every link: past a lone backtick, in parentheses, an image inside a link", () => {
    expect(findLinks("Press the ` key.\n\n[Next](./next.md)\n\nThen ` again.")).toEqual([
      { target: "./next.md", kind: "link" },
    ]);
    expect(findLinks("[![Badge](./badge.svg)](./page-(1).md)")).toEqual([
      { target: "./badge.svg", kind: "image" },
      { target: "./page-(1).md", kind: "link" },
    ]);
  });

  it("rewrites only the targets, every other character as written", () => {
    const markdown = [
      '[a]( <./x y.md>  "Title" ) and [b](./p(1).md)',
      "",
      "```",
      "[c](./code.md)",
      "```",
      '<img src="./pic.png" alt="">',
    ].join("\n");
    expect(rewriteLinks(markdown, (target) => target.replace("./", "/site/"))).toBe(
      markdown.replace("./x y", "/site/x y").replace("./p(1)", "/site/p(1)").replace("./pic", "/site/pic"),
    );
  });
});
