// What `npm run start:prod` checks before it starts the server (start-prod.mjs): that it runs in production, and that
// what it would serve is a production build made by `npm run build:prod`. It never builds: building takes ~1.1 GB
// (the web app) and ~500 MB (the server bundle) on a server sized to serve (README, "Requirements"), and instances
// started together would each build.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { readWebBuildStamp } from "./web-build-stamp.mjs";

const root = resolve(import.meta.dirname, "..");
const BUILD = "run `npm run build:prod` first (`npm run start:prod` serves a build and never makes one)";

/** The web build the server will serve: WEB_DIST (as config.ts reads it), else apps/web/dist. */
export function webDist(env = process.env) {
  return env.WEB_DIST ? resolve(env.WEB_DIST) : join(root, "apps/web/dist");
}

/** Why the production start must not go on, or null: NODE_ENV, or the web build missing or made for development. */
export function productionStartRefusal(env = process.env) {
  if (env.NODE_ENV && env.NODE_ENV !== "production") {
    return `\`npm run start:prod\` runs with NODE_ENV=production, but NODE_ENV is "${env.NODE_ENV}": unset it, or use \`npm start\` for a local server.`;
  }
  if (env.NEONLAB_SERVER_FROM_SOURCE === "1") {
    return "`npm run start:prod` runs the server bundle of `npm run build:prod`; NEONLAB_SERVER_FROM_SOURCE=1 is for `npm start`.";
  }
  const dist = webDist(env);
  if (!existsSync(join(dist, "index.html"))) return `No web build in ${dist}: ${BUILD}.`;
  const stamp = readWebBuildStamp(dist);
  if (stamp?.mode !== "production") {
    const made =
      stamp === null
        ? "has no build stamp (its mode is unknown)"
        : `was built for ${stamp.mode ?? "an unrecorded mode"}`;
    return `The web build in ${dist} ${made}: ${BUILD}.`;
  }
  return null;
}

/** Why the server bundle can not be run: none was built from the current sources. */
export function serverBundleRefusal(bundle) {
  return bundle.built
    ? null
    : `No server bundle for the current sources (${bundle.folder} is missing; they changed since the last build, or none was made): ${BUILD}.`;
}
