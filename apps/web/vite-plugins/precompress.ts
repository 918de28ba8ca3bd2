import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { Plugin } from "vite";

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy next to each compressible file of the build,
 * which the server sends as they are (@fastify/static preCompressed): smaller than compressing each
 * response on the fly, and no compression work per request.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "neonlab-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html|json|txt)$/.test(name)) continue;
        const file = resolve(outDir, name);
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
