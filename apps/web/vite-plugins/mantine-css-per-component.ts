import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/** `…/@mantine/core/esm/components/Button/Button.module.mjs` → `Button` (the class names of one component). */
const MANTINE_MODULE = /\/@mantine\/(core|notifications)\/esm\/(?:.+\/)?([A-Za-z]+)\.module\.mjs$/;
/** `…/@mantine/core/styles/Button.layer.css` → `Button`; `…/@mantine/notifications/styles.layer.css`. */
const MANTINE_LAYERED_CSS = /\/@mantine\/(?:core\/styles\/([A-Za-z-]+)|(notifications)\/styles)\.layer\.css$/;
const LAYER_MARKER = "@layer nl-base, mantine;";

/** The sub-layer of `mantine` one stylesheet goes into. */
const subLayer = (pkg: string, name: string | undefined) => `mantine.${pkg === "core" ? name : "notifications"}`;

/**
 * Mantine's component stylesheets in the order Mantine's own full stylesheet has them (a reset such as
 * UnstyledButton's first, the components that build on it later): each file's place in `styles.css`.
 */
function mantineCoreOrder(): string[] {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve("@mantine/core/styles.css"));
  const all = readFileSync(join(root, "styles.css"), "utf8");
  const placed = readdirSync(join(root, "styles"))
    .filter((file) => file.endsWith(".css") && !file.endsWith(".layer.css"))
    .map((file) => {
      const name = file.slice(0, -".css".length);
      const css = readFileSync(join(root, "styles", file), "utf8").trim();
      const at = all.indexOf(css.slice(0, 400));
      if (at < 0) throw new Error(`@mantine/core/styles/${file} is not part of styles.css; its layer order is unknown`);
      return { name, at };
    });
  return placed.sort((a, b) => a.at - b.at).map(({ name }) => name);
}

/** The cascade-layer statement index.html declares before any stylesheet loads. */
export function layerOrder(): string {
  const layers = [...mantineCoreOrder().map((name) => subLayer("core", name)), subLayer("notifications", undefined)];
  return `@layer nl-base, mantine;\n      @layer ${layers.join(", ")};`;
}

/**
 * Mantine's stylesheet is ~290 KB; this loads only the styles of the components the code uses, next to
 * their code: each component's class-name module imports its own `styles/<Name>.layer.css`, so a lazy
 * page brings its components' CSS with it.
 *
 * Chunks' CSS arrives in whatever order the pages load, and inside one layer the later of two equally
 * specific rules wins (the Loader chunk's copy of UnstyledButton's reset, loaded after Button's CSS, made
 * every Button transparent). So each file goes into a sub-layer of its own, `mantine.<Name>`, and
 * index.html declares all of them up front in Mantine's own order: the cascade no longer depends on load
 * order. The app's own CSS is unlayered and wins over all of them.
 */
export function mantineCssPerComponent(): Plugin {
  let order: string | undefined;
  return {
    name: "neonlab-mantine-css-per-component",
    enforce: "pre",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        if (!html.includes(LAYER_MARKER)) throw new Error(`index.html lacks "${LAYER_MARKER}"`);
        order ??= layerOrder();
        return html.replace(LAYER_MARKER, order);
      },
    },
    transform(code, id) {
      const path = id.split("?")[0] ?? "";
      const css = MANTINE_LAYERED_CSS.exec(path);
      if (css) {
        const [, name, notifications] = css;
        const pkg = notifications ? "notifications" : "core";
        if (!code.includes("@layer mantine {")) throw new Error(`${path} is not in @layer mantine`);
        return { code: code.replace("@layer mantine {", `@layer ${subLayer(pkg, name)} {`), map: null };
      }
      const match = MANTINE_MODULE.exec(path);
      if (!match) return null;
      const [, pkg, name] = match;
      const file =
        pkg === "core" ? `@mantine/core/styles/${name}.layer.css` : "@mantine/notifications/styles.layer.css";
      return { code: `import ${JSON.stringify(file)};\n${code}`, map: null };
    },
  };
}
