import type { Plugin } from "vite";

/** `…/@mantine/core/esm/components/Button/Button.module.mjs` → `Button` (the class names of one component). */
const MANTINE_MODULE = /\/@mantine\/(core|notifications)\/esm\/(?:.+\/)?([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's stylesheet is ~290 KB; this loads only the styles of the components the code uses, next to
 * their code: each component's class-name module imports its own `styles/<Name>.layer.css`, so a lazy
 * page brings its components' CSS with it. The layered files sit in `@layer mantine`, which keeps the
 * app's own (unlayered) rules winning whatever order the chunks' CSS arrives in.
 */
export function mantineCssPerComponent(): Plugin {
  return {
    name: "neonlab-mantine-css-per-component",
    enforce: "pre",
    transform(code, id) {
      const match = MANTINE_MODULE.exec(id.split("?")[0] ?? "");
      if (!match) return null;
      const [, pkg, name] = match;
      const css = pkg === "core" ? `@mantine/core/styles/${name}.layer.css` : "@mantine/notifications/styles.layer.css";
      return { code: `import ${JSON.stringify(css)};\n${code}`, map: null };
    },
  };
}
