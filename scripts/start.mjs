#!/usr/bin/env node
// `npm start` in one Node process: the Node check (runtime.mjs), the web build when its inputs changed
// (build-web.mjs), then the server (serve.mjs, which replaces this process by the server's Node). Each step was
// a Node of its own before, ~50 ms apiece on every restart (issue 20's "within 3 s").
await import("./runtime.mjs");
await import("./build-web.mjs");
await import("./serve.mjs");
