import { describe, expect, it } from "vitest";
import { loadHighlighter } from "./highlighter.ts";
import { fenceLanguages, highlightLanguage, markdownToHtml } from "./markdown.ts";

// Sanitising (DOMPurify) needs a real browser DOM — happy-dom's NodeIterator and Node.prototype
// getters defeat it — so e2e/learning-markdown.spec.ts checks it in Chromium on the lesson page.

describe("markdownToHtml", () => {
  it("renders headings, emphasis, lists and inline code", () => {
    const html = markdownToHtml("## Title\n\nSome **bold** and `<code>`.\n\n- one\n- two");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<code>&lt;code&gt;</code>");
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
  });

  it("escapes code blocks and labels them with their fence name", () => {
    const html = markdownToHtml('```html\n<p onclick="x()">Hi</p>\n```');
    expect(html).toContain('<pre tabindex="0" data-lang="html"><code class="hljs language-xml">');
    expect(html).toContain("&lt;p onclick=&quot;x()&quot;&gt;Hi&lt;/p&gt;");
    expect(html).not.toContain("<p onclick");
  });

  it("keeps unknown fences as plain escaped text without a language class", () => {
    const html = markdownToHtml('```text\n<b>"x"</b>\n```\n\n```\nplain\n```');
    expect(html).toContain(
      '<pre tabindex="0" data-lang="text"><code class="hljs">&lt;b&gt;&quot;x&quot;&lt;/b&gt;</code></pre>',
    );
    expect(html).toContain('<pre tabindex="0"><code class="hljs">plain</code></pre>');
  });

  it("colours code with the lazily loaded highlighter", async () => {
    const highlight = await loadHighlighter(["javascript", "bash", "not-a-language"]);
    const js = markdownToHtml("```js\nconst answer = 42; // why\n```", highlight);
    expect(js).toContain('<span class="hljs-keyword">const</span>');
    expect(js).toContain('<span class="hljs-number">42</span>');
    expect(js).toContain('<span class="hljs-comment">// why</span>');
    const bash = markdownToHtml('```bash\necho "hi"\n```', highlight);
    expect(bash).toContain('<span class="hljs-built_in">echo</span>');
    // A language that was not loaded stays escaped, not dropped.
    expect(markdownToHtml("```css\na { color: red }\n```", highlight)).toContain("a { color: red }");
  });
});

describe("fence languages", () => {
  it("maps fence names to highlight.js languages, once each", () => {
    expect(highlightLanguage("html")).toBe("xml");
    expect(highlightLanguage("sh")).toBe("bash");
    expect(highlightLanguage("JS")).toBe("javascript");
    expect(highlightLanguage("text")).toBeNull();
    expect(highlightLanguage(undefined)).toBeNull();
    const markdown = "```html\na\n```\n\n```js\nb\n```\n\n```html\nc\n```\n\n```text\nd\n```\n\n> ```css\n> e\n> ```";
    expect(fenceLanguages(markdown).sort()).toEqual(["css", "javascript", "xml"]);
  });
});
