import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import helmet, { type HelmetOptions } from "helmet";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

/** The headers Helmet's own middleware sends on a real HTTP response (hop-by-hop ones left out). */
async function helmetOverHttp(options: HelmetOptions): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = createServer((request, response) => middleware(request, response, () => response.end("ok")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    const sent = Object.fromEntries(response.headers);
    for (const name of ["date", "connection", "keep-alive", "content-length", "transfer-encoding"]) delete sent[name];
    return sent;
  } finally {
    server.close();
  }
}

describe("securityHeaders", () => {
  it("computes once exactly the headers Helmet sends on a response", async () => {
    const options: HelmetOptions = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc='"] } },
      crossOriginEmbedderPolicy: false,
    };
    const headers = securityHeaders(options);
    expect(headers).toEqual(await helmetOverHttp(options));
    expect(headers["content-security-policy"]).toContain("script-src 'self' 'sha256-abc='");
    expect(headers["cross-origin-embedder-policy"]).toBeUndefined();
  });

  it("refuses an invalid policy at start-up instead of on the first request", () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["self"] } } })).toThrow();
  });
});
