import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Plugin } from "vite";
import { cssVariablesResolver, theme } from "../src/app/theme.ts";

/**
 * The CSS variables and responsive classes MantineProvider would inject at run time, rendered once at
 * build time from the same theme (the provider runs with `withCssVariables={false}`,
 * `withGlobalClasses={false}`). In index.html they colour the first paint, the preloader included,
 * before any JavaScript runs.
 */
function themeCss(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, defaultColorScheme: "dark" }, null),
  );
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("");
  if (!css.includes("--nl-accent")) throw new Error("the theme's CSS variables were not rendered");
  return css;
}

/** Writes themeCss() into index.html in place of its `<!-- theme-css -->` marker. */
export function staticThemeCss(): Plugin {
  let css: string | undefined;
  return {
    name: "neonlab-static-theme-css",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        css ??= themeCss();
        return html.replace("<!-- theme-css -->", `<style data-mantine-styles>${css}</style>`);
      },
    },
  };
}
