import DOMPurify from "dompurify";

/** HTML from messages is rendered only after sanitising (no scripts, handlers or frames). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "iframe", "img"],
    FORBID_ATTR: ["style"],
  });
}
