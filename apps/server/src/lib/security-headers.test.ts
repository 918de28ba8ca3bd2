import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

/** What Helmet's own middleware sets on a real-looking response, for comparison. */
function helmetHeaders(options: Parameters<typeof helmet>[0]) {
  const set = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => set.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
  };
  helmet(options)({} as never, response as never, () => undefined);
  return Object.fromEntries(set);
}

describe("securityHeaders", () => {
  it("computes once exactly the headers Helmet sets per response", () => {
    const options = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc='"] } },
      crossOriginEmbedderPolicy: false,
    };
    const headers = securityHeaders(options);
    expect(headers).toEqual(helmetHeaders(options));
    expect(headers["content-security-policy"]).toContain("script-src 'self' 'sha256-abc='");
    expect(headers["cross-origin-embedder-policy"]).toBeUndefined();
  });

  it("refuses an invalid policy at start-up instead of on the first request", () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["self"] } } })).toThrow();
  });
});
