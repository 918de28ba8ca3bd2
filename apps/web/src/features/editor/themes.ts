import * as sandpack from "@codesandbox/sandpack-themes";
import { tags as t } from "@lezer/highlight";
import type { EditorTheme } from "@neonlab/shared/constants";
import { createTheme } from "@uiw/codemirror-themes";
import type { Extension } from "@codemirror/state";

export { fontStack } from "./font-stack.ts";

// The spec's 16 editor themes are Sandpack's published set (@codesandbox/sandpack-themes): their colours
// are mapped onto CodeMirror here the way Sandpack's own editor maps them, never re-typed.

type SyntaxValue = string | { color?: string; fontStyle?: "normal" | "italic" };
type SandpackTheme = {
  colors: Record<string, string | undefined> & { surface1: string; surface2: string; surface3: string; base: string };
  syntax: Record<string, SyntaxValue | undefined>;
};

const THEMES = sandpack as unknown as Record<EditorTheme, SandpackTheme>;

/** Relative luminance 0..1 of a #rgb / #rrggbb colour. */
export function luminance(hex: string): number {
  const value = hex.replace("#", "");
  const full = value.length === 3 ? [...value].map((c) => c + c).join("") : value.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const style = (value: SyntaxValue | undefined) =>
  value === undefined ? {} : typeof value === "string" ? { color: value } : { ...value };

/** A theme's colours for the workspace chrome (tabs, console) beside the editor. */
export function themeColors(name: EditorTheme) {
  const { colors, syntax } = THEMES[name];
  const dark = luminance(colors.surface1) < 0.4;
  const plain = typeof syntax.plain === "string" ? syntax.plain : colors.base;
  // Text on the tab bar and editor in the theme's own colours while they stay readable (AA); else the
  // strongest of black and white.
  const readable = (...candidates: (string | undefined)[]) =>
    [...candidates, plain, dark ? "#ffffff" : "#000000"].find(
      (c): c is string => !!c && contrast(c, colors.surface2) >= 4.5 && contrast(c, colors.surface1) >= 4.5,
    ) ?? (dark ? "#ffffff" : "#000000");
  return {
    dark,
    background: colors.surface1,
    surface: colors.surface2,
    border: colors.surface3,
    text: readable(colors.base),
    muted: readable(colors.disabled, colors.clickable, colors.base),
    accent: colors.accent ?? colors.base,
    error: colors.error ?? "#e5484d",
    plain,
  };
}

const cache = new Map<EditorTheme, Extension>();

/** The CodeMirror theme (editor look + syntax colours) of a Sandpack theme. */
export function codeMirrorTheme(name: EditorTheme): Extension {
  const cached = cache.get(name);
  if (cached) return cached;
  const { syntax } = THEMES[name];
  const c = themeColors(name);
  const theme = createTheme({
    theme: c.dark ? "dark" : "light",
    settings: {
      background: c.background,
      foreground: c.plain,
      caret: c.accent,
      selection: `${c.border}`,
      selectionMatch: `${c.border}`,
      lineHighlight: `${c.surface}80`,
      gutterBackground: c.background,
      gutterForeground: c.muted,
      gutterActiveForeground: c.text,
      gutterBorder: "transparent",
    },
    styles: [
      { tag: [t.comment, t.lineComment, t.blockComment], ...style(syntax.comment) },
      { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword, t.modifier], ...style(syntax.keyword) },
      { tag: [t.tagName, t.angleBracket], ...style(syntax.tag) },
      { tag: [t.punctuation, t.bracket, t.separator, t.operator], ...style(syntax.punctuation) },
      {
        tag: [t.definition(t.variableName), t.function(t.variableName), t.className, t.typeName],
        ...style(syntax.definition),
      },
      { tag: [t.propertyName, t.attributeName, t.definition(t.propertyName)], ...style(syntax.property) },
      { tag: [t.number, t.bool, t.null, t.atom, t.unit, t.color, t.self], ...style(syntax.static) },
      { tag: [t.string, t.special(t.string), t.attributeValue, t.regexp], ...style(syntax.string) },
      { tag: [t.variableName, t.content], ...style(syntax.plain) },
    ],
  });
  cache.set(name, theme);
  return theme;
}
