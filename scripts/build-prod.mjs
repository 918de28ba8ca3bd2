#!/usr/bin/env node
// `npm run build:prod`: everything `npm run start:prod` serves, built ahead of time: the web app for production
// (NODE_ENV=production whatever the shell says; the stamp records it) and the server bundle. Each is built only
// when its inputs changed since its last build (build-web.mjs, build-server.mjs); `-- --always` builds the web app
// again regardless.
await import("./runtime.mjs");
process.env.NODE_ENV = "production";
await import("./build-web.mjs");
const entry = await (await import("./build-server.mjs")).ensureServerBundle();
console.log(`production build ready (server ${entry}): \`npm run start:prod\` serves it`);
