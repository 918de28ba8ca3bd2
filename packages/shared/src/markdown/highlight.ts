import type { ElementContent } from "hast";
import { createLowlight } from "lowlight";
import { GRAMMARS, type Grammar } from "./languages.ts";

// The one highlighter: highlight.js grammars through lowlight, which gives a syntax tree (hast) instead of an
// HTML string, so highlighted code joins the pipeline's tree after sanitising. Tokens are `<span class="hljs-…">`:
// classes only, coloured by the page's stylesheet in both colour modes (no inline styles).

const lowlight = createLowlight();
const loading = new Map<Grammar, Promise<void>>();

/** True once the grammar is registered (loadGrammars). */
export const hasGrammar = (grammar: Grammar) => lowlight.registered(grammar);

/** Registers the grammars, each imported once (a failed import is tried again on the next call). */
export function loadGrammars(grammars: Iterable<Grammar>): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const grammar of new Set(grammars)) {
    if (lowlight.registered(grammar)) continue;
    let load = loading.get(grammar);
    if (!load) {
      load = GRAMMARS[grammar]().then(
        (module) => lowlight.register(grammar, module.default),
        (error: unknown) => {
          loading.delete(grammar);
          throw error;
        },
      );
      loading.set(grammar, load);
    }
    pending.push(load);
  }
  return Promise.all(pending).then(() => undefined);
}

/** The code's highlighted tokens, or null while its grammar is not loaded. */
export function highlightCode(grammar: Grammar, code: string): ElementContent[] | null {
  if (!lowlight.registered(grammar)) return null;
  return lowlight.highlight(grammar, code).children as ElementContent[];
}
