import { act, render } from "@testing-library/react";
import { createElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { loadMarkdownPipeline } from "./markdown.ts";
import { useMarkdown } from "./use-markdown.ts";

// The one markdown pipeline as the browser loads it (lessons, projects, tutor answers). Its sanitising needs no
// DOM, so it runs here too; the XSS payloads for every use are in packages/shared/src/markdown/pipeline.test.ts.

describe("the markdown pipeline in the browser", () => {
  it("renders headings, emphasis, lists and inline code", async () => {
    const { renderMarkdown } = await loadMarkdownPipeline();
    const html = await renderMarkdown("## Title\n\nSome **bold** and `<code>`.\n\n- one\n- two");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<code>&lt;code></code>");
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
  });

  it("escapes code blocks and labels them with their fence name", async () => {
    const { renderMarkdownNow } = await loadMarkdownPipeline();
    const { html } = renderMarkdownNow('```html\n<p onclick="x()">Hi</p>\n```');
    expect(html).toContain('<pre tabindex="0" data-lang="html"><code class="hljs language-xml">');
    expect(html).not.toContain("<p onclick");
    const code = document.createElement("div");
    code.innerHTML = html;
    expect(code.querySelector("code")?.textContent).toBe('<p onclick="x()">Hi</p>');
  });

  it("keeps unknown fences as plain escaped text without a language class", async () => {
    const { renderMarkdownNow } = await loadMarkdownPipeline();
    const { html } = renderMarkdownNow('```text\n<b>"x"</b>\n```\n\n```\nplain\n```');
    expect(html).toContain('<pre tabindex="0" data-lang="text"><code class="hljs">&lt;b>"x"&lt;/b></code></pre>');
    expect(html).toContain('<pre tabindex="0"><code class="hljs">plain</code></pre>');
  });

  it("sanitises without a DOM: no script, handler, frame or style; web links open a new tab", async () => {
    const { renderMarkdown } = await loadMarkdownPipeline();
    const html = await renderMarkdown(
      'Intro <script>x()</script> <img src="/n.png" onerror="x()"> <iframe src="https://example.com"></iframe>\n\n' +
        '[a](javascript:x()) [MDN](https://developer.mozilla.org) <span style="color:red">styled</span>',
    );
    expect(html).not.toMatch(/<script|<iframe|onerror|style=|javascript:/);
    expect(html).toContain('<a href="https://developer.mozilla.org" target="_blank" rel="noopener noreferrer">MDN</a>');
  });
});

describe("useMarkdown", () => {
  function Probe({ markdown, live }: { markdown: string; live?: boolean }) {
    const html = useMarkdown(markdown, { live });
    return createElement("div", {
      "data-probe": html === null ? "pending" : "ready",
      dangerouslySetInnerHTML: { __html: html ?? "" },
    });
  }
  const probe = (container: HTMLElement) => container.querySelector("[data-probe]") as HTMLElement;

  it("renders once the pipeline is there, and colours code once its grammar has loaded", async () => {
    const { container } = render(createElement(Probe, { markdown: "```js\nconst answer = 42; // why\n```" }));
    await vi.waitFor(() => expect(probe(container).querySelector(".hljs-keyword")?.textContent).toBe("const"));
    expect(probe(container).querySelector(".hljs-number")?.textContent).toBe("42");
    expect(probe(container).querySelector(".hljs-comment")?.textContent).toBe("// why");
    expect(probe(container).querySelector("pre")?.dataset.lang).toBe("js");
  });

  it("renders a live (streaming) text at most once per frame, the latest text each time", async () => {
    await loadMarkdownPipeline();
    const { container, rerender } = render(createElement(Probe, { markdown: "", live: true }));
    for (const text of ["Use", "Use **bold", "Use **bold**", "Use **bold** now"])
      rerender(createElement(Probe, { markdown: text, live: true }));
    expect(probe(container).textContent).toBe("");
    await act(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    expect(probe(container).innerHTML).toBe("<p>Use <strong>bold</strong> now</p>");
    rerender(createElement(Probe, { markdown: "Done.", live: false }));
    expect(probe(container).innerHTML).toBe("<p>Done.</p>");
  });
});
