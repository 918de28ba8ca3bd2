import { documentHeadings } from "@neonlab/shared/markdown/headings";
import { type Nodes, parseMarkdown } from "@neonlab/shared/markdown/parse";

// A lesson cut into what the tutor points to and quotes: sections (by heading, with the ids the lesson page gives
// its headings, so `[Title](#id)` scrolls there), passages (a paragraph, list or table, with the code that
// follows it) and sentences (a list item, a table row and a line of code count as one each).

/** The lesson page's title heading: the link for the text before the lesson's first heading. */
export const INTRO_ID = "lesson-title";

export type Section = { index: number; title: string; id: string };
export type Passage = { index: number; section: number; text: string };
export type SentenceKind = "prose" | "item" | "row" | "code";
export type Sentence = {
  index: number;
  section: number;
  passage: number;
  kind: SentenceKind;
  text: string;
  /** A line of code: its block's language (`bash`, `js`). */
  lang?: string;
};
export type LessonMap = { sections: Section[]; passages: Passage[]; sentences: Sentence[] };

type Positioned = Nodes & { position?: { start: { offset?: number }; end: { offset?: number } } };

const slice = (body: string, node: Positioned) => body.slice(node.position?.start.offset, node.position?.end.offset);

/** Prose cut into sentences at ". " before a capital, a code span or emphasis (not inside `code`). */
function proseSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "`") inCode = !inCode;
    if (inCode || !/[.!?]/.test(ch!)) continue;
    const rest = text.slice(i + 1);
    if (/^\s+(?=[A-Z`*("[_]|\d)/.test(rest) && !/\b(?:e\.g|i\.e|etc|vs)$/i.test(text.slice(start, i))) {
      out.push(text.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out.map((s) => s.replace(/\s*\n\s*/g, " ")).filter(Boolean);
}

function tableRow(row: string): string {
  return row
    .replace(/^\s*\||\|\s*$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
    .filter(Boolean)
    .join(" — ");
}

/** Cuts a lesson's markdown into its sections, passages and sentences. */
export function mapLesson(title: string, body: string): LessonMap {
  const tree = parseMarkdown(body);
  const ids = new Map(documentHeadings(tree).map((h) => [h.node as Nodes, h]));
  const sections: Section[] = [{ index: 0, title, id: INTRO_ID }];
  const passages: Passage[] = [];
  const sentences: Sentence[] = [];
  const section = () => sections.length - 1;
  const add = (kind: SentenceKind, text: string, passage: number, lang?: string) => {
    if (!text.trim()) return;
    sentences.push({
      index: sentences.length,
      section: section(),
      passage,
      kind,
      text: text.trim(),
      ...(lang ? { lang } : {}),
    });
  };
  const blocks = (nodes: Nodes[], passage: number) => {
    for (const node of nodes as Positioned[]) {
      if (node.type === "paragraph") for (const s of proseSentences(slice(body, node))) add("prose", s, passage);
      else if (node.type === "list") {
        for (const item of node.children as Positioned[]) {
          const text = (
            slice(body, item)
              .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
              .split(/\n\s*\n/)[0] ?? ""
          ).trim();
          // An item is one thought: kept whole unless it is long.
          const whole = text.replace(/\s*\n\s*/g, " ");
          const parts = whole.split(/\s+/).length <= 45 ? [whole] : proseSentences(text);
          for (const s of parts) add("item", s, passage);
        }
      } else if (node.type === "table") {
        const rows = slice(body, node).split("\n").slice(2);
        for (const row of rows) add("row", tableRow(row), passage);
      } else if (node.type === "code") {
        const lang = /^[\w+#.-]{1,20}$/.test(node.lang ?? "") ? node.lang! : undefined;
        for (const line of node.value.split("\n")) if (line.trim()) add("code", line.trimEnd(), passage, lang);
      } else if (node.type === "blockquote") blocks(node.children as Nodes[], passage);
    }
  };
  for (const node of tree.children as Positioned[]) {
    const heading = node.type === "heading" ? ids.get(node) : undefined;
    if (heading) {
      sections.push({ index: sections.length, title: heading.text, id: heading.id });
      continue;
    }
    if (node.type === "html" || node.type === "thematicBreak" || node.type === "definition") continue;
    const text = slice(body, node);
    const last = passages.at(-1);
    // A code block belongs with the paragraph that introduces it.
    const joins = node.type === "code" && last?.section === section();
    const passage = joins ? last!.index : passages.length;
    if (joins) last!.text += `\n\n${text}`;
    else passages.push({ index: passage, section: section(), text });
    blocks([node], passage);
  }
  return { sections, passages, sentences };
}

const maps = new Map<string, LessonMap>();

/** mapLesson, kept for the lessons asked about lately (the content is the same for every learner). */
export function lessonMap(lesson: { title: string; body: string }): LessonMap {
  const key = `${lesson.title}\n${lesson.body}`;
  let map = maps.get(key);
  if (!map) {
    if (maps.size >= 200) maps.delete(maps.keys().next().value!);
    map = mapLesson(lesson.title, lesson.body);
    maps.set(key, map);
  }
  return map;
}

/** `[Title](#id)`: a link to a section that scrolls the lesson page to it. */
export function sectionLink(section: Section): string {
  return `[${section.title.replace(/([[\]\\])/g, "\\$1")}](#${section.id})`;
}
