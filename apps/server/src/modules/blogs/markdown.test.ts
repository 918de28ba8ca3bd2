import { describe, expect, it } from "vitest";
import { plainText, readingMinutes, renderMarkdown } from "./markdown.ts";

// The blog renderer (decision 025): markdown → sanitised HTML, code highlighted after sanitising.

const VECTORS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  "<img src=javascript:alert(1)>",
  "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
  "<img src=`javascript:alert(1)`>",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<body onload=alert(1)>",
  "<iframe src=javascript:alert(1)></iframe>",
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "<object data=javascript:alert(1)>",
  "<embed src=javascript:alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  "<div style=\"background:url('javascript:alert(1)')\">x</div>",
  '<div style="width: expression(alert(1))">x</div>',
  "<style>@import 'http://evil.example/x.css';</style>",
  '<link rel=stylesheet href="http://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="http://evil.example/">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus="alert(1)">',
  '<button formaction="javascript:alert(1)">x</button>',
  "<details open ontoggle=alert(1)>",
  "<video><source onerror=alert(1)></video>",
  "<audio src=x onerror=alert(1)>",
  "<marquee onstart=alert(1)>",
  '<table background="javascript:alert(1)">',
  "<isindex type=image src=1 onerror=alert(1)>",
  "<x onclick=alert(1)>click</x>",
  '<p id="x" onmouseover="alert(1)">hover</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<template><script>alert(1)</script></template>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  "<frameset onload=alert(1)>",
  '<applet code="javascript:alert(1)">',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<img src="x" onerror="&#x61;lert(1)">',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<img srcset="x 1x, javascript:alert(1) 2x">',
  '<a id="user-content-x" name="__proto__">x</a>',
] as const;

/** Markdown wrappers a vector can hide in: inline, in a list, a quote, a table, a link, an image, a heading. */
const WRAPPERS: ((v: string) => string)[] = [
  (v) => v,
  (v) => `Text before ${v} text after`,
  (v) => `- item ${v}`,
  (v) => `> quoted ${v}`,
  (v) => `| a | b |\n|---|---|\n| ${v} | x |`,
  (v) => `# Heading ${v}`,
];

const MARKDOWN_VECTORS = [
  "[click](javascript:alert(1))",
  "[click](JAVASCRIPT:alert(1))",
  "[click](javascript&#58;alert(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[click](vbscript:alert(1))",
  "![img](javascript:alert(1))",
  '![img](x "onerror=alert(1)")',
  "[a](<javascript:alert(1)>)",
  "[ref]\n\n[ref]: javascript:alert(1)",
  "<javascript:alert(1)>",
  "```html\n<script>alert(1)</script>\n```",
  '```"><script>alert(1)</script>\nx\n```',
  "`<img src=x onerror=alert(1)>`",
];

const DANGEROUS_TAG =
  /<(script|iframe|object|embed|svg|math|style|form|base|meta|link|frame|frameset|applet|input|button|textarea|select|template|noscript|video|audio|source|details|marquee|isindex)\b/i;

/** Every problem of the rendered HTML: dangerous tags, event handlers, script URLs, styles not shiki's. */
function problems(html: string): string[] {
  const found: string[] = [];
  if (DANGEROUS_TAG.test(html)) found.push(`tag ${DANGEROUS_TAG.exec(html)?.[0]}`);
  for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
    if (/\son[a-z]+\s*=/i.test(tag)) found.push(`handler in ${tag}`);
    for (const [, name, value] of tag.matchAll(/\s([a-z:-]+)="([^"]*)"/gi)) {
      const v = (value ?? "")
        .replace(/&#x?[0-9a-f]+;?/gi, "")
        .replace(/\s/g, "")
        .toLowerCase();
      if (/^(href|src|srcset|action|formaction|xlink:href|background|poster|data)$/i.test(name ?? "")) {
        if (/^(javascript|vbscript|data):/.test(v)) found.push(`${name}=${value}`);
      }
      if (name === "style" && !/^(--shiki-[a-z-]+:#[0-9a-f]{3,8};?)+$/i.test(value ?? "")) found.push(`style=${value}`);
    }
  }
  return found;
}

describe("blog markdown rendering", () => {
  const payloads = [...VECTORS.flatMap((v) => WRAPPERS.map((wrap) => wrap(v))), ...MARKDOWN_VECTORS];

  it(`renders ${payloads.length} XSS payloads (≥ 100) with no script, handler, script URL or foreign style left`, async () => {
    expect(payloads.length).toBeGreaterThanOrEqual(100);
    // The check itself finds what it looks for.
    for (const raw of [
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">',
      "<script>",
      '<p style="color:red">',
    ])
      expect(problems(raw), raw).not.toEqual([]);
    for (const payload of payloads) {
      const html = await renderMarkdown(payload);
      expect(problems(html), `${payload}\n→ ${html}`).toEqual([]);
    }
    // All of them in one document too (state carried between blocks).
    expect(problems(await renderMarkdown(payloads.join("\n\n")))).toEqual([]);
  });

  it("keeps what an author writes: headings, lists, links, quotes, tables, task lists, highlighted code", async () => {
    const html = await renderMarkdown(
      "## Setup\n\n1. one\n2. two\n\n> a quote\n\n[docs](https://www.typescriptlang.org/docs/)\n\n- [x] done\n\n| a |\n|---|\n| 1 |\n\n```ts\nconst n: number = 1;\n```\n\n```unknownlang\nplain\n```",
    );
    expect(html).toContain("<h2>Setup</h2>");
    expect(html).toContain("<ol>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain('href="https://www.typescriptlang.org/docs/" rel="nofollow ugc noopener noreferrer"');
    expect(html).toContain("<table>");
    expect(html).toContain('type="checkbox"');
    expect(html).toMatch(/<pre class="shiki shiki-themes github-light github-dark"[^>]*><code class="language-ts">/);
    expect(html).toContain("plain");
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
