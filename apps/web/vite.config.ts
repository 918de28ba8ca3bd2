import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import {
  buildId,
  earlyDownloads,
  mantineCssPerComponent,
  precompress,
  prerender,
  reactRouterTreeShaking,
  type RouteFiles,
  staticThemeCss,
} from "./vite-plugins/index.ts";

/** Filled by earlyDownloads from the client build, read by prerender after it. */
const routeFiles: RouteFiles = new Map();

export default defineConfig({
  plugins: [
    mantineCssPerComponent(),
    staticThemeCss(),
    earlyDownloads({
      routesFile: resolve(import.meta.dirname, "src/app/routes.ts"),
      // What src/app/layouts/layouts.tsx loads apart from the app's start.
      shellModules: ["header.tsx", "footer.tsx"].map((file) =>
        resolve(import.meta.dirname, "src/components/shell", file),
      ),
      routeFiles,
    }),
    react(),
    buildId(),
    precompress(),
    prerender({ entry: resolve(import.meta.dirname, "src/entry-prerender.tsx"), routeFiles }),
    reactRouterTreeShaking(),
  ],
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/socket.io": { target: "http://localhost:3000", ws: true },
    },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk: one request instead of nine (over HTTP/1.1
        // a browser opens six connections per host, so each extra file on the first route waits its turn).
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
      },
    },
  },
});
