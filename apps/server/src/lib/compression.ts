import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { FastifyInstance } from "fastify";

/** Answers smaller than this are sent as they are: compressing them saves too little to pay for. */
export const COMPRESS_THRESHOLD = 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|javascript|xml)|text\/|image\/svg\+xml)/;

/** The encodings a request's accept-encoding allows (q > 0), e.g. "gzip, br;q=0.8" → ["gzip", "br"]. */
function acceptedEncodings(header: string | string[] | undefined): string[] {
  return String(header ?? "")
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
    .map(([name]) => (name ?? "").trim().toLowerCase())
    .filter((name) => name !== "");
}

/** The encoding to send for a request's accept-encoding: brotli, else gzip, else none. */
export function preferredEncoding(header: string | string[] | undefined): "br" | "gzip" | null {
  const accepted = acceptedEncodings(header);
  return accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : null;
}

/**
 * Compresses answers of at least COMPRESS_THRESHOLD bytes (JSON, text, SVG) with brotli or gzip, as
 * the client accepts, off the event loop. Streams (static files, sent precompressed) pass as they are.
 * One hook that looks at the size first: most API answers are small, and @fastify/compress spent ~3 µs
 * on each of them (bench L3) negotiating before it looked.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!(typeof payload === "string" || Buffer.isBuffer(payload)) || payload.length < COMPRESS_THRESHOLD) {
      return done(null, payload);
    }
    const type = String(reply.getHeader("content-type") ?? "");
    if (reply.hasHeader("content-encoding") || reply.statusCode === 206 || !COMPRESSIBLE.test(type)) {
      return done(null, payload);
    }
    reply.header("vary", mergeVary(reply.getHeader("vary")));
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return done(null, payload);
    const finish = (error: Error | null, compressed: Buffer) => {
      if (error) return done(null, payload);
      reply.header("content-encoding", encoding).header("content-length", compressed.length);
      done(null, compressed);
    };
    if (encoding === "br") {
      const size = Buffer.byteLength(payload);
      // Quality 5: most of brotli's gain at a fraction of the default 11's time.
      brotliCompress(
        payload,
        { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: size } },
        finish,
      );
    } else {
      gzip(payload, finish);
    }
  });
}

function mergeVary(current: unknown): string {
  const names = String(current ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === "accept-encoding" || name === "*")) names.push("accept-encoding");
  return names.join(", ");
}
