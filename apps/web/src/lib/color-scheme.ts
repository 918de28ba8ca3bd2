import { localStorageColorSchemeManager } from "@mantine/core";

/** The key public/color-scheme.js reads before paint, so the first frame has the right mode. */
export const COLOR_SCHEME_KEY = "neonlab-color-scheme";
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** Backgrounds of the two modes; public/color-scheme.js paints the same before the app loads. */
export const PAGE_BACKGROUND = { dark: "#05070a", light: "#f4f7fb" } as const;
