/**
 * The shape of the pipeline's HTML (pipeline.ts). HTML kept rendered (blogs.content_html) with an older version
 * is rendered again when it is read; raise it whenever a change to the pipeline changes what it writes.
 * 0: Shiki-highlighted blogs (before the one pipeline). 1: the one pipeline (highlight.js classes).
 */
export const MARKDOWN_HTML_VERSION = 1;
