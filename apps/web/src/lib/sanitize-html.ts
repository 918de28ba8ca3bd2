import { sanitizeDom } from "@neonlab/shared/markdown/html";

/**
 * HTML from messages is rendered only after sanitising, by the markdown pipeline's one sanitiser (no scripts,
 * handlers, styles, frames, forms or images; links to the web open a new tab).
 */
export function sanitizeHtml(html: string): string {
  // A template's content is inert: parsing it runs no script and loads nothing.
  const template = document.createElement("template");
  template.innerHTML = html;
  return sanitizeDom(template.content);
}
