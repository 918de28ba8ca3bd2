import { MARKDOWN_VECTORS, problems, VECTORS, WRAPPERS } from "@neonlab/shared/markdown/xss-vectors";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inlineMarkdown } from "./inline-markdown.tsx";

const html = (markdown: string) =>
  renderToStaticMarkup(<span>{inlineMarkdown(markdown)}</span>).replace(/^<span>|<\/span>$/g, "");

describe("inlineMarkdown", () => {
  it("renders code spans, emphasis, strike-through and escapes as elements", () => {
    expect(html("Use `a < b`, **bold _em_**, ~~old~~ and \\*stars\\*")).toBe(
      "Use <code>a &lt; b</code>, <strong>bold <em>em</em></strong>, <del>old</del> and *stars*",
    );
  });

  it("opens web links in a new tab, keeps site and mail links, and drops unsafe ones to text", () => {
    expect(html("[docs](https://example.com/x)")).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">docs</a>',
    );
    expect(html("[courses](/courses) [mail](mailto:a@b.c) [next](lesson-2)")).toBe(
      '<a href="/courses">courses</a> <a href="mailto:a@b.c">mail</a> <a href="lesson-2">next</a>',
    );
    expect(html("[x](javascript:alert(1)) [y](//evil.example) [z](data:text/html,hi)")).toBe("x y z");
  });

  it("never turns text into markup: inline HTML keeps only its text, entities read as characters", () => {
    expect(html('<img src=x onerror="alert(1)"><b>bold</b> <script>x()</script>')).toBe("bold x()");
    expect(html("Fish &amp; chips &lt;3 &#x41;&#66;")).toBe("Fish &amp; chips &lt;3 AB");
  });

  it("turns every XSS payload of the markdown pipeline's test into text or safe elements", () => {
    const payloads = [...VECTORS.flatMap((v) => WRAPPERS.map((wrap) => wrap(v))), ...MARKDOWN_VECTORS];
    for (const payload of payloads) {
      const rendered = html(payload);
      expect(problems(rendered), `${payload}\n→ ${rendered}`).toEqual([]);
    }
  });

  it("keeps a line's block syntax as text: headings, lists, quotes, rules", () => {
    expect(html("# Not a heading")).toBe("# Not a heading");
    expect(html("1. Intro to **HTML**")).toBe("1. Intro to <strong>HTML</strong>");
    expect(html("- item")).toBe("- item");
    expect(html("> quote")).toBe("&gt; quote");
    expect(html("---")).toBe("---");
    expect(html("**bold** first")).toBe("<strong>bold</strong> first");
  });
});
