import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import {
  buildId,
  earlyDownloads,
  mantineCssPerComponent,
  mantineStableIds,
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
    mantineStableIds(),
    VitePWA({
      // The worker is src/sw.ts; the app registers it itself once idle (src/lib/offline/register-worker.ts)
      // and a new version waits for the app-update notice.
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        id: "/",
        name: "NeonLab",
        short_name: "NeonLab",
        description: "Hands-on technical learning with courses, quizzes, streaks and an AI tutor.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: "#05070a",
        background_color: "#05070a",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        rollupFormat: "iife",
        // The shell, its fonts (woff2: every supported browser reads it) and the code of every route.
        globPatterns: ["index.html", "icons/*.png", "assets/**/*.{js,css,woff2}"],
        globIgnores: ["prerender/**", "**/*.br", "**/*.gz"],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
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
    modulePreload: {
      // Every browser the app supports preloads modules itself.
      polyfill: false,
      // A lazy route's own imports are not listed for preloading in the first route's code: those lists cost
      // 5 KiB gzip of it, and the service worker has every route's code cached after the first visit
      // (docs/decisions/047). The HTML's preloads and every lazy chunk's CSS stay.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []),
    },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk: one request instead of nine (over HTTP/1.1
        // a browser opens six connections per host, so each extra file on the first route waits its turn).
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
      },
    },
  },
});
