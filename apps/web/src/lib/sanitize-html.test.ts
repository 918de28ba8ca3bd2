import { problems, VECTORS } from "@neonlab/shared/markdown/xss-vectors";
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize-html.ts";

// A dialog's HTML message through the markdown pipeline's one sanitiser (packages/shared/src/markdown/html.ts).

describe("sanitizeHtml", () => {
  it("keeps text markup and turns web links into new-tab links", () => {
    expect(sanitizeHtml("<p><strong>My blog</strong> goes back to your <em>drafts</em>.</p>")).toBe(
      "<p><strong>My blog</strong> goes back to your <em>drafts</em>.</p>",
    );
    expect(sanitizeHtml('See <a href="https://x.example/help">help</a> or <a href="/help">ours</a>.')).toBe(
      'See <a href="https://x.example/help" target="_blank" rel="noopener noreferrer">help</a> or <a href="/help">ours</a>.',
    );
  });

  it(`leaves nothing of ${VECTORS.length} XSS payloads that could run, load or restyle: no images either`, () => {
    for (const vector of VECTORS) {
      const html = sanitizeHtml(vector);
      expect(problems(html), `${vector}\n→ ${html}`).toEqual([]);
      expect(html).not.toContain("<img");
    }
    expect(sanitizeHtml('<p style="color:red" onclick="x()">Hi</p><style>p{}</style>')).toBe("<p>Hi</p>");
  });
});
