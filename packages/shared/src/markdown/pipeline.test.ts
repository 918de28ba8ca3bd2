import { describe, expect, it } from "vitest";
import { parseInline } from "./inline.ts";
import { grammarOf } from "./languages.ts";
import { loadGrammars, renderMarkdown, renderMarkdownNow } from "./pipeline.ts";
import { sanitizeTree } from "./sanitize.ts";
import { MARKDOWN_VECTORS, problems, VECTORS, WRAPPERS } from "./xss-vectors.ts";

// The one pipeline (decision 025), as lessons, projects and tutor answers (no options) and blogs (a blog's images,
// user-written links) use it. The inline renderer's and the dialogs' sanitiser's runs of the same payloads are in
// apps/web (inline-markdown.test.tsx, sanitize-html.test.ts).

const payloads = [...VECTORS.flatMap((v) => WRAPPERS.map((wrap) => wrap(v))), ...MARKDOWN_VECTORS];
const BLOG = {
  ugc: true,
  images: new Map([
    [
      "/api/blogs/media/1/a.webp",
      { src: "/api/blogs/media/1/a.webp", srcset: "/api/blogs/media/1/a.webp 800w", width: 800, height: 600 },
    ],
  ]),
};

describe("the markdown pipeline's sanitising", () => {
  it("the check finds what it looks for", () => {
    for (const raw of [
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">',
      "<script>",
      '<p style="color:red">',
      '<a href="https://x.example" target="_blank">',
    ])
      expect(problems(raw), raw).not.toEqual([]);
  });

  for (const [use, options] of [
    ["lessons, projects and tutor answers", {}],
    ["blogs", BLOG],
  ] as const) {
    it(`renders ${payloads.length} XSS payloads (≥ 100) for ${use} with no script, handler, script URL or style`, async () => {
      expect(payloads.length).toBeGreaterThanOrEqual(100);
      for (const payload of payloads) {
        const html = await renderMarkdown(payload, options);
        expect(problems(html), `${payload}\n→ ${html}`).toEqual([]);
      }
      // All of them in one document too (state carried between blocks), and as the stream of an answer grows.
      const all = payloads.join("\n\n");
      expect(problems(await renderMarkdown(all, options))).toEqual([]);
      const step = Math.ceil(all.length / 30);
      for (let end = step; end < all.length; end += step)
        expect(problems(renderMarkdownNow(all.slice(0, end), options).html)).toEqual([]);
    }, 30_000);
  }

  it("parses inline markdown to nodes that never carry markup: HTML only as `html` nodes, links checked by the renderer", () => {
    for (const payload of payloads) {
      for (const node of parseInline(payload)) {
        expect([
          "text",
          "emphasis",
          "strong",
          "delete",
          "inlineCode",
          "break",
          "link",
          "image",
          "html",
          "linkReference",
          "imageReference",
          "footnoteReference",
        ]).toContain(node.type);
      }
    }
  });

  it("sanitises HTML trees with the same schema, without images or checkboxes", () => {
    const tree = sanitizeTree(
      {
        type: "root",
        children: [
          {
            type: "element",
            tagName: "p",
            properties: { onClick: "x()", style: "color:red" },
            children: [{ type: "text", value: "Hi" }],
          },
          { type: "element", tagName: "img", properties: { src: "https://x.example/a.png" }, children: [] },
          { type: "element", tagName: "input", properties: { type: "checkbox", disabled: true }, children: [] },
          {
            type: "element",
            tagName: "a",
            properties: { href: "https://x.example", id: "x" },
            children: [{ type: "text", value: "web" }],
          },
          {
            type: "element",
            tagName: "a",
            properties: { href: "javascript:alert(1)" },
            children: [{ type: "text", value: "bad" }],
          },
        ],
      },
      { source: "html" },
    );
    expect(tree.children).toEqual([
      { type: "element", tagName: "p", properties: {}, children: [{ type: "text", value: "Hi" }] },
      {
        type: "element",
        tagName: "a",
        properties: {
          href: "https://x.example",
          id: "user-content-x",
          target: "_blank",
          rel: ["noopener", "noreferrer"],
        },
        children: [{ type: "text", value: "web" }],
      },
      { type: "text", value: "bad" },
    ]);
  });
});

describe("the markdown pipeline's output", () => {
  it("renders headings, emphasis, lists, tables, task lists and inline code", async () => {
    const html = await renderMarkdown(
      "## Title\n\nSome **bold** and `<code>`.\n\n- one\n- two\n\n| a |\n|---|\n| 1 |\n\n- [x] done",
    );
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<code>&lt;code></code>");
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toContain("<table>");
    expect(html).toContain('<input type="checkbox" checked disabled>');
  });

  it("opens web links in a new tab, keeps site, anchor and mail links, and turns any other into text", async () => {
    const html = await renderMarkdown(
      "[MDN](https://developer.mozilla.org) [next](/courses) [top](#top) [mail](mailto:a@b.c) [x](javascript:alert(1)) [y](//evil.example)",
    );
    expect(html).toContain('<a href="https://developer.mozilla.org" target="_blank" rel="noopener noreferrer">MDN</a>');
    expect(html).toContain('<a href="/courses">next</a> <a href="#top">top</a> <a href="mailto:a@b.c">mail</a> x y');
    expect(await renderMarkdown("[MDN](https://developer.mozilla.org)", { ugc: true })).toContain(
      'target="_blank" rel="nofollow ugc noopener noreferrer"',
    );
  });

  it("labels code blocks with their fence name and colours the ones it knows once their grammar is loaded", async () => {
    const now = renderMarkdownNow('```sql\nselect 1;\n```\n\n```text\n<b>"x"</b>\n```\n\n```\nplain\n```');
    expect(now.missing).toEqual(["sql"]);
    expect(now.html).toContain(
      '<pre tabindex="0" data-lang="sql"><code class="hljs language-sql">select 1;</code></pre>',
    );
    expect(now.html).toContain('<pre tabindex="0" data-lang="text"><code class="hljs">&lt;b>"x"&lt;/b></code></pre>');
    expect(now.html).toContain('<pre tabindex="0"><code class="hljs">plain</code></pre>');
    await loadGrammars(now.missing);
    const later = renderMarkdownNow("```sql\nselect 1;\n```");
    expect(later.missing).toEqual([]);
    expect(later.html).toContain('<span class="hljs-keyword">select</span> <span class="hljs-number">1</span>;');
    const js = await renderMarkdown("```js\nconst answer = 42; // why\n```");
    expect(js).toContain('<span class="hljs-keyword">const</span>');
    expect(js).toContain('<span class="hljs-comment">// why</span>');
  });

  it("keeps a blog's own images with srcset and size, and turns any other into its alt text", async () => {
    const html = await renderMarkdown(
      "![a diagram](/api/blogs/media/1/a.webp) ![elsewhere](https://x.example/b.png)",
      BLOG,
    );
    expect(html).toContain(
      '<img src="/api/blogs/media/1/a.webp" srcset="/api/blogs/media/1/a.webp 800w" sizes="(max-width: 760px) 100vw, 760px" width="800" height="600" alt="a diagram" loading="lazy" decoding="async">',
    );
    expect(html).toContain("[image: elsewhere]");
    expect(await renderMarkdown("![lesson](/assets/x.png)")).toContain(
      '<img src="/assets/x.png" alt="lesson" loading="lazy" decoding="async">',
    );
  });

  it("maps fence names to grammars", () => {
    expect(grammarOf("html")).toBe("xml");
    expect(grammarOf("sh")).toBe("bash");
    expect(grammarOf("JS")).toBe("javascript");
    expect(grammarOf("tsx")).toBe("typescript");
    expect(grammarOf("text")).toBeNull();
    expect(grammarOf("constructor")).toBeNull();
    expect(grammarOf(undefined)).toBeNull();
  });
});
