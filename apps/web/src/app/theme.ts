import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from "@mantine/core";
import { PAGE_BACKGROUND } from "../lib/color-scheme.ts";

// Shade 5 is the neon itself (dark mode); shade 8 is the same hue dark enough for AA text on light paper.
const neon: MantineColorsTuple = [
  "#e5fff5",
  "#b8ffe4",
  "#80ffd0",
  "#4dffbd",
  "#1affab",
  "#00ffa3",
  "#00d689",
  "#00a86b",
  "#00794f",
  "#004d32",
];
const magenta: MantineColorsTuple = [
  "#ffe5fa",
  "#ffb8f1",
  "#ff85e7",
  "#ff5cdf",
  "#ff3fda",
  "#ff2bd6",
  "#e01dbb",
  "#c21c9f",
  "#b3129a",
  "#6e0a5e",
];
const cyan: MantineColorsTuple = [
  "#e0fcff",
  "#b3f6ff",
  "#80f0ff",
  "#4debff",
  "#1ae7ff",
  "#00e5ff",
  "#00b8cc",
  "#008ea0",
  "#006b80",
  "#00434f",
];
// Dark-mode neutrals: 0 text … 9 page background.
const dark: MantineColorsTuple = [
  "#e6f1ff",
  "#c4d3e3",
  "#8fa3b8",
  "#6b7f95",
  "#2a3a4c",
  "#1d2a38",
  "#111a24",
  "#0b1118",
  "#080c11",
  "#05070a",
];
const red: MantineColorsTuple = [
  "#ffe8ec",
  "#ffc2cc",
  "#ff99a8",
  "#ff7088",
  "#ff5470",
  "#ff3d5e",
  "#e62e4d",
  "#c81e3c",
  "#b0172f",
  "#6b0d1c",
];

// The neon shades are bright in dark mode (dark text on them) and deep in light mode (white text);
// Mantine's auto contrast judges only one shade, so filled surfaces take the per-mode token instead.
const NEON_COLORS = new Set(["neon", "cyan", "magenta", "red"]);
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const name = input.color ?? input.theme.primaryColor;
  if (input.variant === "filled" && NEON_COLORS.has(name)) return { ...colors, color: "var(--nl-on-accent)" };
  return colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: "neon",
  primaryShade: { light: 8, dark: 5 },
  colors: { neon, magenta, cyan, dark, red },
  autoContrast: true,
  luminanceThreshold: 0.35,
  black: "#05070a",
  white: "#ffffff",
  fontFamily: "Rajdhani, 'Segoe UI', system-ui, sans-serif",
  fontFamilyMonospace: "'JetBrains Mono', 'Share Tech Mono', ui-monospace, monospace",
  headings: {
    fontFamily: "Orbitron, 'Share Tech Mono', system-ui, sans-serif",
    fontWeight: "700",
    textWrap: "balance",
    sizes: {
      h1: { fontSize: "clamp(2rem, 1.4rem + 2.6vw, 3.4rem)", lineHeight: "1.1" },
      h2: { fontSize: "clamp(1.5rem, 1.2rem + 1.3vw, 2.2rem)", lineHeight: "1.2" },
      h3: { fontSize: "1.3rem", lineHeight: "1.3" },
      h4: { fontSize: "1.1rem", lineHeight: "1.35" },
    },
  },
  fontSizes: { xs: "0.8125rem", sm: "0.9375rem", md: "1.0625rem", lg: "1.1875rem", xl: "1.375rem" },
  defaultRadius: "sm",
  cursorType: "pointer",
  focusRing: "auto",
  respectReducedMotion: true,
  // Spec breakpoints (§9): mobileWide 425, tablet 768, desktop 1024, desktopMedium 1280, desktopWide 1600.
  breakpoints: { xs: "26.5625em", sm: "48em", md: "64em", lg: "80em", xl: "100em" },
  components: {
    Button: { defaultProps: { radius: "sm" } },
    // Links inside text are told apart by more than colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: "always" } },
    // Mantine's close buttons are an icon only: each gets a name for screen readers.
    Modal: {
      defaultProps: {
        centered: true,
        overlayProps: { backgroundOpacity: 0.7, blur: 3 },
        closeButtonProps: { "aria-label": "Close dialog" },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close navigation" } } },
    Notification: { defaultProps: { radius: "sm", closeButtonProps: { "aria-label": "Close notification" } } },
    // A count on a neon badge: white on the dark mode's bright shades is under 4.5:1.
    Indicator: { vars: () => ({ root: { "--indicator-text-color": "var(--nl-on-accent)" } }) },
  },
  other: { neonGreen: "#00ffa3", neonMagenta: "#ff2bd6", neonCyan: "#00e5ff" },
});

/** Page, surface, border and accent tokens per mode (AA contrast checked for text on surfaces). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    "--nl-font-display": "Orbitron, 'Share Tech Mono', system-ui, sans-serif",
    "--nl-font-terminal": "'Share Tech Mono', 'JetBrains Mono', ui-monospace, monospace",
    "--nl-chamfer": "12px",
  },
  dark: {
    "--mantine-color-body": PAGE_BACKGROUND.dark,
    "--mantine-color-text": "#e6f1ff",
    "--mantine-color-dimmed": "#8fa3b8",
    "--mantine-color-default-border": "#22313f",
    "--mantine-color-error": "#ff5470",
    "--mantine-color-placeholder": "#7d8fa3",
    "--nl-surface": "#0b1118",
    "--nl-surface-2": "#111a24",
    "--nl-border": "#22313f",
    "--nl-border-strong": "rgba(0, 255, 163, 0.35)",
    "--nl-accent": "#00ffa3",
    "--nl-accent-2": "#ff2bd6",
    "--nl-accent-3": "#00e5ff",
    "--nl-on-accent": "#05070a",
    "--nl-focus": "#00e5ff",
    "--nl-glow": "0 0 18px rgba(0, 255, 163, 0.35)",
    "--nl-glow-strong": "0 0 12px rgba(0, 255, 163, 0.6), 0 0 32px rgba(0, 255, 163, 0.25)",
    "--nl-text-glow": "0 0 14px rgba(0, 255, 163, 0.45)",
    "--nl-grid-line": "rgba(0, 229, 255, 0.055)",
    "--nl-header-bg": "rgba(5, 7, 10, 0.82)",
  },
  light: {
    "--mantine-color-body": PAGE_BACKGROUND.light,
    "--mantine-color-text": "#0b1220",
    "--mantine-color-dimmed": "#4a5a6e",
    "--mantine-color-default-border": "#cdd6e1",
    "--mantine-color-error": "#c81e3c",
    "--mantine-color-placeholder": "#5a6b80",
    "--nl-surface": "#ffffff",
    "--nl-surface-2": "#eef2f7",
    "--nl-border": "#cdd6e1",
    "--nl-border-strong": "rgba(0, 121, 79, 0.45)",
    "--nl-accent": "#00794f",
    "--nl-accent-2": "#b3129a",
    "--nl-accent-3": "#006b80",
    "--nl-on-accent": "#ffffff",
    "--nl-focus": "#b3129a",
    "--nl-glow": "0 1px 2px rgba(11, 18, 32, 0.06), 0 8px 24px rgba(11, 18, 32, 0.08)",
    "--nl-glow-strong": "0 0 0 1px rgba(0, 121, 79, 0.35), 0 10px 30px rgba(0, 121, 79, 0.15)",
    "--nl-text-glow": "none",
    "--nl-grid-line": "rgba(11, 18, 32, 0.045)",
    "--nl-header-bg": "rgba(244, 247, 251, 0.88)",
  },
});
