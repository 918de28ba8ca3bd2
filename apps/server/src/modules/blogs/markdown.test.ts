import { describe, expect, it } from "vitest";
import { plainText, readingMinutes, renderMarkdown } from "./markdown.ts";

// A blog's rendering (decision 025): the one markdown pipeline with the blog's rules. The XSS payloads run through
// every use of the pipeline in packages/shared/src/markdown/pipeline.test.ts, blogs' options included.

describe("blog markdown rendering", () => {
  it("is the one pipeline with the blog's rules: no script survives, links to the web are ugc", async () => {
    const html = await renderMarkdown("<script>alert(1)</script>\n\n[x](javascript:alert(1)) [web](https://x.example)");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
    expect(html).toContain(
      '<a href="https://x.example" target="_blank" rel="nofollow ugc noopener noreferrer">web</a>',
    );
  });

  it("keeps what an author writes: headings, lists, links, quotes, tables, task lists, highlighted code", async () => {
    const html = await renderMarkdown(
      "## Setup\n\n1. one\n2. two\n\n> a quote\n\n[docs](https://www.typescriptlang.org/docs/)\n\n- [x] done\n\n| a |\n|---|\n| 1 |\n\n```ts\nconst n: number = 1;\n```\n\n```unknownlang\nplain\n```",
    );
    expect(html).toContain("<h2>Setup</h2>");
    expect(html).toContain("<ol>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain(
      'href="https://www.typescriptlang.org/docs/" target="_blank" rel="nofollow ugc noopener noreferrer"',
    );
    expect(html).toContain("<table>");
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('<pre tabindex="0" data-lang="ts"><code class="hljs language-typescript">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('<span class="hljs-built_in">number</span>');
    expect(html).toContain('<pre tabindex="0" data-lang="unknownlang"><code class="hljs">plain</code></pre>');
  });

  it("links footnotes, their references and back-links to ids that exist (each id prefixed once)", async () => {
    const html = await renderMarkdown(
      "TypeScript narrows unions[^1] and checks exhaustiveness[^note].\n\nAgain[^1].\n\n[^1]: By the discriminant.\n[^note]: With `never`.",
    );
    const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
    const targets = [...html.matchAll(/\shref="#([^"]*)"/g)].map((m) => m[1]);
    const described = [...html.matchAll(/\saria-describedby="([^"]*)"/g)].map((m) => m[1]);
    // Two references to [^1] and one to [^note], three back-links, the list items and the label.
    expect(targets.length).toBeGreaterThanOrEqual(6);
    for (const target of [...targets, ...described]) expect(ids, `#${target} in ${html}`).toContain(target);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).not.toMatch(/user-content-.*user-content-/);
    expect(ids).toContain("user-content-fn-1");
  });

  it("counts reading minutes and makes plain text for descriptions", () => {
    expect(readingMinutes("word ".repeat(440))).toBe(2);
    expect(readingMinutes("")).toBe(1);
    expect(plainText("# Title\n\nSome **bold** [link](https://x.example) text.")).toBe("Title Some bold link text.");
  });
});
