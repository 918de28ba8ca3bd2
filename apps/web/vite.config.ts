import { randomUUID } from "node:crypto";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** Writes a build identifier next to index.html; the server exposes it at /api/build. */
function buildIdPlugin(): Plugin {
  const id = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  return {
    name: "neonlab-build-id",
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(id) } }),
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "build-id.txt", source: id });
    },
  };
}

export default defineConfig({
  plugins: [react(), buildIdPlugin()],
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/socket.io": { target: "http://localhost:3000", ws: true },
    },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
});
