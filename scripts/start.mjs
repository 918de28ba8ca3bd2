#!/usr/bin/env node
// `npm start` in one Node process: the Node check (runtime.mjs), the web build and the server bundle when their
// inputs changed (build-web.mjs, build-server.mjs), then the server (serve.mjs, which replaces this process by the
// server's Node). A Node per step would cost ~50 ms apiece on every restart (the restart budget: within 3 s).
await import("./runtime.mjs");
await import("./build-web.mjs");
// Handed to serve.mjs, which would otherwise hash the server's sources a second time.
if (process.env.NEONLAB_SERVER_FROM_SOURCE !== "1") {
  process.env.NEONLAB_SERVER_BUNDLE = await (await import("./build-server.mjs")).ensureServerBundle();
}
await import("./serve.mjs");
