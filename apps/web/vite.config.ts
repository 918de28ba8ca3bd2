import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import {
  buildId,
  earlyDownloads,
  mantineCssPerComponent,
  precompress,
  prerender,
  type RouteFiles,
  staticThemeCss,
} from "./vite-plugins/index.ts";

/** Filled by earlyDownloads from the client build, read by prerender after it. */
const routeFiles: RouteFiles = new Map();

export default defineConfig({
  plugins: [
    mantineCssPerComponent(),
    staticThemeCss(),
    earlyDownloads({ featuresDir: resolve(import.meta.dirname, "src/features"), routeFiles }),
    react(),
    buildId(),
    precompress(),
    prerender({ entry: resolve(import.meta.dirname, "src/entry-prerender.tsx"), routeFiles }),
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
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk: one request instead of nine (over HTTP/1.1
        // a browser opens six connections per host, so each extra file on the first route waits its turn).
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
      },
    },
  },
});
