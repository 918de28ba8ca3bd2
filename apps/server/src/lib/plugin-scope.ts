import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";

/** What app.ts hands every module plugin: `app.register(userRoutes, { ctx })`. */
export type ModuleOptions = { ctx: AppContext };

/**
 * Routes registered in this plugin scope (after the call) accept bodies up to `bytes` unless they set
 * their own `bodyLimit`; the rest of the app keeps its 1 MiB. E.g. an upload module: 5 MiB.
 */
export function limitBodies(scope: FastifyInstance, bytes: number) {
  scope.addHook("onRoute", (route) => {
    route.bodyLimit ??= bytes;
  });
}

/**
 * Inside this plugin scope every request body arrives unparsed, as the Buffer that was sent (a webhook
 * verifies its signature over exactly those bytes); other scopes keep the JSON parser.
 */
export function acceptRawBody(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
}
