import { randomUUID } from "node:crypto";
import type { Plugin } from "vite";

/** Writes a build identifier next to index.html; the server exposes it at /api/build. */
export function buildId(): Plugin {
  const id = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  return {
    name: "neonlab-build-id",
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(id) } }),
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "build-id.txt", source: id });
    },
  };
}
