#!/usr/bin/env node
// `npm run start:prod`: the server in production on what `npm run build:prod` built. Unlike `npm start` it never
// builds: it refuses a missing web build, one made for development, and sources changed since the server bundle
// was made (production-start.mjs). Then as `npm start`: serve.mjs runs the bundle with the server's Node flags; the
// server itself refuses a configuration production can not run with (config.ts: BETTER_AUTH_SECRET, PREVIEW_ORIGIN)
// and applies the migrations, one instance at a time (an advisory lock, db/client.ts).
import { productionStartRefusal, serverBundleRefusal } from "./production-start.mjs";

await import("./runtime.mjs");
const refusal = productionStartRefusal();
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
process.env.NODE_ENV = "production";
const bundle = (await import("./build-server.mjs")).currentServerBundle();
const missing = serverBundleRefusal(bundle);
if (missing) {
  console.error(missing);
  process.exit(1);
}
// Handed to serve.mjs, which then neither hashes the sources again nor builds.
process.env.NEONLAB_SERVER_BUNDLE = bundle.entry;
await import("./serve.mjs");
