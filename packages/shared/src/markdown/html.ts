import type { ElementContent, Properties, Root } from "hast";
import { toHtml } from "hast-util-to-html";
import { find, html as htmlInfo } from "property-information";
import { sanitizeTree } from "./sanitize.ts";

// HTML that is not markdown (a dialog's message) through the pipeline's one sanitiser: the browser parses it
// (into an inert template, which runs no script and loads nothing), the DOM becomes a hast tree, the schema
// cleans it.

/** The parts of a DOM node read here (the browser's Node / Element / Attr). */
type DomNode = {
  nodeType: number;
  nodeValue: string | null;
  childNodes: ArrayLike<DomNode>;
  localName?: string;
  attributes?: ArrayLike<{ name: string; value: string }>;
};

const ELEMENT = 1;
const TEXT = 3;

function properties(attributes: ArrayLike<{ name: string; value: string }>): Properties {
  const props: Properties = {};
  for (const { name, value } of Array.from(attributes)) {
    const info = find(htmlInfo, name);
    props[info.property] = info.boolean
      ? true
      : info.spaceSeparated
        ? value.split(/\s+/).filter(Boolean)
        : info.commaSeparated
          ? value.split(",").map((part) => part.trim())
          : value;
  }
  return props;
}

function children(node: DomNode): ElementContent[] {
  return Array.from(node.childNodes).flatMap((child): ElementContent[] => {
    if (child.nodeType === TEXT) return [{ type: "text", value: child.nodeValue ?? "" }];
    if (child.nodeType !== ELEMENT || !child.localName) return [];
    return [
      {
        type: "element",
        tagName: child.localName,
        properties: properties(child.attributes ?? []),
        children: children(child),
      },
    ];
  });
}

/** The sanitised HTML of parsed HTML (e.g. a `<template>`'s content after setting its innerHTML). */
export function sanitizeDom(parsed: DomNode): string {
  const tree: Root = { type: "root", children: children(parsed) };
  return toHtml(sanitizeTree(tree, { source: "html" }), { characterReferences: { useNamedReferences: true } });
}
