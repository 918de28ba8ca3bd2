// Build plugins, one a file: Mantine CSS per component, the theme's CSS variables in index.html, early
// downloads of the body fonts and of the opened route's page chunk, prerendered public pages, precompressed
// assets, the build id, React Router without the components the app never renders, and Mantine's ids
// kept from the first render.
export { buildId } from "./build-id.ts";
export { earlyDownloads } from "./early-downloads.ts";
export { mantineCssPerComponent } from "./mantine-css-per-component.ts";
export { mantineStableIds } from "./mantine-stable-ids.ts";
export { precompress } from "./precompress.ts";
export { prerender } from "./prerender.ts";
export { reactRouterTreeShaking } from "./react-router-tree-shaking.ts";
export type { RouteFiles } from "./route-files.ts";
export { staticThemeCss } from "./static-theme-css.ts";
