import { selectAll } from "css-select";
import type { AnyNode, Document, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import postcss, { type AtRule, type Container, type Root } from "postcss";
import type { CheckResult, ProjectFile } from "@neonlab/shared/schemas/projects";
import type { StoredCheck } from "./schema.ts";

// The checks the server judges itself from the saved files, by PARSING them (htmlparser2, css-select,
// postcss): the learner's code is never executed here (docs/decisions/029).

type HtmlRule = { selector: string; min?: number; max?: number; text?: string; attr?: string; value?: string };
type CssRule = { property?: string; value?: string; matches?: string; media?: string; at?: string };

/** The learner's page, parsed once per judgement: index.html and every stylesheet it can use. */
export type ParsedPage = { doc: Document; css: Root | null; cssError: string | null };

const PSEUDO = /::?[a-z-]+(\([^)]*\))?/gi;

export function parsePage(files: ProjectFile[]): ParsedPage {
  const html = files.find((f) => f.name === "index.html")?.content ?? "";
  const doc = parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true });
  const styles = selectAll<AnyNode, Element>("style", doc).map((el) => textOf(el));
  const sheets = files.filter((f) => f.name.endsWith(".css")).map((f) => f.content);
  try {
    const css = postcss.parse([...sheets, ...styles].join("\n"));
    return { doc, css, cssError: null };
  } catch (error) {
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    return { doc, css: null, cssError: `Your CSS does not parse (${reason}), so this can not be checked yet.` };
  }
}

function textOf(node: AnyNode): string {
  if (node.type === "text") return (node as unknown as { data: string }).data;
  if ("children" in node) return (node.children as AnyNode[]).map(textOf).join("");
  return "";
}

const regex = (source: string) => new RegExp(source, "i");

function judgeHtml(page: ParsedPage, rule: HtmlRule): CheckResult & { id: "" } {
  let found: Element[] = selectAll<AnyNode, Element>(rule.selector, page.doc);
  if (rule.text) {
    const text = regex(rule.text);
    found = found.filter((el) => text.test(textOf(el).replace(/\s+/g, " ").trim()));
  }
  if (rule.attr) {
    const name = rule.attr;
    const value = rule.value ? regex(rule.value) : null;
    found = found.filter((el) => name in el.attribs && (!value || value.test(el.attribs[name] ?? "")));
  }
  const min = rule.min ?? 1;
  const what = `"${rule.selector}"${rule.text ? " with the right text" : ""}${rule.attr ? ` with a ${rule.attr} attribute` : ""}`;
  if (found.length < min)
    return {
      id: "",
      passed: false,
      message: `index.html has ${found.length} element(s) matching ${what}; needs at least ${min}.`,
    };
  if (rule.max !== undefined && found.length > rule.max)
    return {
      id: "",
      passed: false,
      message: `index.html has ${found.length} element(s) matching ${what}; at most ${rule.max} allowed.`,
    };
  return { id: "", passed: true, message: "" };
}

function insideMedia(node: { parent?: Container | undefined }, media: RegExp): boolean {
  for (let at = node.parent; at; at = (at as { parent?: Container }).parent) {
    if (at.type === "atrule" && (at as AtRule).name === "media" && media.test((at as AtRule).params)) return true;
  }
  return false;
}

/** Elements of the page a rule's selector list applies to (pseudo-classes and -elements ignored). */
function selectedBy(page: ParsedPage, selectorList: string): Element[] {
  const out: Element[] = [];
  for (const part of selectorList.split(",")) {
    const bare = part.replace(PSEUDO, "").trim() || "*";
    try {
      out.push(...selectAll<AnyNode, Element>(bare, page.doc));
    } catch {
      // A selector the matcher does not know selects nothing here.
    }
  }
  return out;
}

function judgeCss(page: ParsedPage, rule: CssRule): CheckResult & { id: "" } {
  if (!page.css) return { id: "", passed: false, message: page.cssError ?? "There is no CSS yet." };
  const css = page.css;
  if (rule.property === undefined) {
    let seen = false;
    css.walkAtRules(rule.at ?? "", () => {
      seen = true;
    });
    return seen
      ? { id: "", passed: true, message: "" }
      : { id: "", passed: false, message: `Your CSS has no @${rule.at} rule yet.` };
  }
  const property = new RegExp(`^(?:${rule.property})$`, "i");
  const value = rule.value ? regex(rule.value) : null;
  const media = rule.media ? regex(rule.media) : null;
  const targets = rule.matches ? new Set(selectAll<AnyNode, Element>(rule.matches, page.doc)) : null;
  let passed = false;
  css.walkDecls((decl) => {
    if (passed || !property.test(decl.prop) || (value && !value.test(decl.value))) return;
    if (media && !insideMedia(decl, media)) return;
    if (targets) {
      const parent = decl.parent;
      if (parent?.type !== "rule") return;
      if (!selectedBy(page, (parent as { selector: string }).selector).some((el) => targets.has(el))) return;
    }
    passed = true;
  });
  if (passed) return { id: "", passed: true, message: "" };
  const where = [rule.matches && `for "${rule.matches}"`, rule.media && "inside the right @media rule"].filter(Boolean);
  return {
    id: "",
    passed: false,
    message: `No CSS declaration ${rule.property}${rule.value ? ` with a matching value` : ""}${where.length ? ` ${where.join(" ")}` : ""} yet.`,
  };
}

/** A check judged from the saved files; null for a script check (only the preview can run it). */
export function judgeStatic(page: ParsedPage, check: StoredCheck): CheckResult | null {
  if (check.rule.type === "script") return null;
  const result =
    check.rule.type === "html"
      ? judgeHtml(page, check.rule.html as HtmlRule)
      : judgeCss(page, check.rule.css as CssRule);
  return { ...result, id: check.id };
}
