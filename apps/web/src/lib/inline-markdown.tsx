import { type PhrasingContent, parseInline } from "@neonlab/shared/markdown/inline";
import { linkKind } from "@neonlab/shared/markdown/links";
import type { ReactNode } from "react";

function nodes(list: PhrasingContent[]): ReactNode[] {
  return list.map((node, key): ReactNode => {
    switch (node.type) {
      case "text":
        return node.value;
      case "strong":
        return <strong key={key}>{nodes(node.children)}</strong>;
      case "emphasis":
        return <em key={key}>{nodes(node.children)}</em>;
      case "delete":
        return <del key={key}>{nodes(node.children)}</del>;
      case "inlineCode":
        return <code key={key}>{node.value}</code>;
      case "break":
        return <br key={key} />;
      case "link": {
        const kind = linkKind(node.url);
        if (kind === null) return nodes(node.children);
        return kind === "external" ? (
          <a key={key} href={node.url} target="_blank" rel="noopener noreferrer">
            {nodes(node.children)}
          </a>
        ) : (
          <a key={key} href={node.url}>
            {nodes(node.children)}
          </a>
        );
      }
      case "image":
        return node.alt ?? "";
      // Inline HTML tags are left out (their text is kept): one line of markdown never needs markup.
      case "html":
        return null;
      default:
        return "children" in node
          ? nodes(node.children as PhrasingContent[])
          : "value" in node
            ? String(node.value)
            : null;
    }
  });
}

/**
 * One line of markdown (code spans, emphasis, links) as React elements, for titles, goals and quiz options: the
 * markdown pipeline's parser (packages/shared/src/markdown/inline.ts) without its HTML steps, so it is small,
 * synchronous, the same on the server and in the browser, and never HTML from the text.
 */
export function inlineMarkdown(markdown: string): ReactNode[] {
  return nodes(parseInline(markdown));
}
