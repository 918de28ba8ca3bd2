import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import type { AppContext } from "../../context.ts";
import { bootstrapPage } from "./preview-bootstrap.ts";
import { findLiveFile } from "./service.ts";

/**
 * Every answer of the preview site: a sandbox (an opaque origin: no cookies, no storage of any site, no
 * DOM of the app) that still runs scripts, forms, alerts and popups (themselves sandboxed). Never
 * allow-same-origin (decision 028).
 */
export const PREVIEW_SANDBOX = "allow-scripts allow-forms allow-modals allow-popups";
export const PREVIEW_HEADERS: Record<string, string> = {
  "content-security-policy": `sandbox ${PREVIEW_SANDBOX}`,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  "cross-origin-resource-policy": "cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()",
};

const TYPES: Record<string, string> = {
  html: "text/html",
  htm: "text/html",
  css: "text/css",
  js: "text/javascript",
  mjs: "text/javascript",
  json: "application/json",
  svg: "image/svg+xml",
  txt: "text/plain",
  md: "text/plain",
};

const notFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .type("text/html; charset=utf-8")
    .send(
      '<!DOCTYPE html><html lang="en"><title>Not found</title><p>There is no hack page at this address.</p></html>',
    );

/** The preview site: a second, small Fastify server that serves only the bootstrap page and live sites. */
export async function buildPreviewSite(ctx: AppContext): Promise<FastifyInstance> {
  const site = Fastify({ logger: false, forceCloseConnections: true });
  const appOrigin = new URL(ctx.config.PUBLIC_URL).origin;
  const bootstrap = bootstrapPage(appOrigin);
  site.addHook("onSend", async (_request, reply) => {
    reply.headers(PREVIEW_HEADERS);
    reply.removeHeader("set-cookie");
  });
  site.get("/bootstrap", async (_request, reply) => reply.type("text/html; charset=utf-8").send(bootstrap));
  site.get<{ Params: { username: string; slug: string } }>("/hack/:username/view/:slug", async (request, reply) => {
    const { username, slug } = request.params;
    return reply.redirect(`/hack/${encodeURIComponent(username)}/view/${encodeURIComponent(slug)}/`, 301);
  });
  site.get<{ Params: { username: string; slug: string; "*": string } }>(
    "/hack/:username/view/:slug/*",
    async (request, reply) => {
      const { username, slug } = request.params;
      const name = request.params["*"] || "index.html";
      const found = await findLiveFile(ctx, username, slug, name);
      if (found.kind === "moved") {
        return reply.redirect(
          `/hack/${encodeURIComponent(found.username)}/view/${encodeURIComponent(found.slug)}/${request.params["*"]}`,
          301,
        );
      }
      if (found.kind !== "file") return notFound(reply);
      const extension = found.name.split(".").pop()?.toLowerCase() ?? "";
      return reply.type(`${TYPES[extension] ?? "text/plain"}; charset=utf-8`).send(found.content);
    },
  );
  site.setNotFoundHandler((_request, reply) => notFound(reply));
  site.setErrorHandler((_error, _request, reply) =>
    reply.code(500).type("text/plain; charset=utf-8").send("The preview site could not answer."),
  );
  return site;
}
