import { Lexer, type Token, type Tokens } from "marked";
import type { ReactNode } from "react";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Marked keeps entities an author wrote (`&amp;`) in text; HTML would show them decoded, and so do we. */
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });

/** Links may go to the web, to mail, or within the site; anything else (javascript:, data:) stays text. */
const EXTERNAL = /^https?:\/\//i;
const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/)|#|\.{1,2}\/|[^:/?#]+(?:[/?#]|$))/i;

function nodes(tokens: Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, key) => {
    switch (token.type) {
      case "strong":
        return <strong key={key}>{nodes((token as Tokens.Strong).tokens)}</strong>;
      case "em":
        return <em key={key}>{nodes((token as Tokens.Em).tokens)}</em>;
      case "del":
        return <del key={key}>{nodes((token as Tokens.Del).tokens)}</del>;
      case "codespan":
        return <code key={key}>{(token as Tokens.Codespan).text}</code>;
      case "br":
        return <br key={key} />;
      case "link": {
        const link = token as Tokens.Link;
        if (!SAFE_HREF.test(link.href)) return nodes(link.tokens);
        return EXTERNAL.test(link.href) ? (
          <a key={key} href={link.href} target="_blank" rel="noopener noreferrer">
            {nodes(link.tokens)}
          </a>
        ) : (
          <a key={key} href={link.href}>
            {nodes(link.tokens)}
          </a>
        );
      }
      case "image":
        return decodeEntities((token as Tokens.Image).text);
      // Inline HTML tags are left out (their text is kept): one line of markdown never needs markup.
      case "html":
        return null;
      case "text":
      case "escape": {
        const text = token as Tokens.Text;
        return text.tokens ? nodes(text.tokens) : decodeEntities(text.text);
      }
      default:
        return "raw" in token ? decodeEntities(String(token.raw)) : null;
    }
  });
}

/**
 * One line of markdown (code spans, emphasis, links) as React elements, for titles, goals and quiz
 * options: the same on the server and in the browser, and never HTML from the text.
 */
export function inlineMarkdown(markdown: string): ReactNode[] {
  return nodes(Lexer.lexInline(markdown, { gfm: true }));
}
