import type { Element, ElementContent, Root } from "hast";
import { defaultSchema, type Schema, sanitize } from "hast-util-sanitize";
import { externalRel, linkKind } from "./links.ts";

// The one sanitiser, on syntax trees (hast), so it runs the same on the server, in the browser and in tests
// without a DOM. Its schema is GitHub's, narrowed: no scripts, styles, frames, forms, handlers or inline styles,
// links only to the web (http, https), mail or this site, images only over http(s) or from this site.

/** What the tree came from: markdown (the pipeline: task-list checkboxes and images) or HTML (a dialog's message). */
export type Source = "markdown" | "html";

const NOT_FOR_HTML = new Set(["img", "picture", "source", "input"]);

const base: Schema = {
  ...defaultSchema,
  tagNames: (defaultSchema.tagNames ?? []).filter((tag) => tag !== "details" && tag !== "summary"),
  strip: ["script", "style", "template", "textarea", "title", "noscript", "iframe", "object", "embed", "xmp"],
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"], src: ["http", "https"] },
};

const SCHEMAS: Record<Source, Schema> = {
  // remark-rehype prefixes the only ids markdown makes (footnotes') with `user-content-` and writes their links
  // to match; a second prefix here would break every footnote link.
  markdown: { ...base, clobberPrefix: "" },
  html: { ...base, tagNames: (base.tagNames ?? []).filter((tag) => !NOT_FOR_HTML.has(tag)) },
};

/** Anchors: a new tab and rel for the web, nothing else for the site, text for anything that is not a link. */
function fixLinks(parent: Root | Element, ugc: boolean) {
  const children: ElementContent[] = [];
  for (const child of parent.children as ElementContent[]) {
    if (child.type === "element") fixLinks(child, ugc);
    if (child.type === "element" && child.tagName === "a") {
      const href = typeof child.properties.href === "string" ? child.properties.href : "";
      const kind = href ? linkKind(href) : null;
      if (kind === null) {
        children.push(...child.children);
        continue;
      }
      delete child.properties.target;
      delete child.properties.rel;
      if (kind === "external") {
        child.properties.target = "_blank";
        child.properties.rel = externalRel(ugc);
      }
    }
    children.push(child);
  }
  parent.children = children as typeof parent.children;
}

/**
 * The tree with only what the schema allows for its source; anchors then get their link rules. `ugc`: the text
 * was written by users (blogs), so links to the web also get rel="nofollow ugc".
 */
export function sanitizeTree(tree: Root, { source, ugc = false }: { source: Source; ugc?: boolean }): Root {
  const clean = sanitize(tree, SCHEMAS[source]) as Root;
  fixLinks(clean, ugc);
  return clean;
}
