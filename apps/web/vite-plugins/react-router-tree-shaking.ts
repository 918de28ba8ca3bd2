import type { Plugin } from "vite";

/**
 * React Router as its production build, without what the app never renders, in React Router's files only:
 * - its package resolves to the development build, which differs from the production one by one flag (the
 *   development warnings, their messages and checks): the flag is turned off;
 * - its bundle (one module) makes its components at module level with `React.forwardRef(…)`, `React.memo(…)`
 *   and `React.createContext(…)`, unmarked as pure, and sets each one's `displayName` there too. To the
 *   bundler both are side effects, so components the app never renders (Form, ScrollRestoration and the
 *   code they use) stayed in the first route: the calls are marked pure and the `displayName`
 *   assignments (labels for React DevTools) dropped.
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: "neonlab-react-router-tree-shaking",
    apply: "build",
    transform: {
      filter: { id: /\/node_modules\/react-router\/dist\/.+\.mjs$/ },
      handler(code) {
        return code
          .replace("var ENABLE_DEV_WARNINGS = true;", "var ENABLE_DEV_WARNINGS = false;")
          .replace(/= (React\d*\.(?:forwardRef|memo|createContext)\()/g, "= /* @__PURE__ */ $1")
          .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, "");
      },
    },
  };
}
