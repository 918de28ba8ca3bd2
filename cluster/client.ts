// HTTP through the proxy as a browser would send it, with the proxy's sticky cookie when a call must reach one
// instance: Caddy's cookie policy names an upstream by HMAC-SHA256(secret, its dial address), here without a
// secret (the Caddyfile sets none), so the check can address instance A or B through the proxy.
import { createHmac } from "node:crypto";

export const STICKY_COOKIE = "neonlab_instance";

/** The sticky cookie's value that sends a client to the upstream dialled at `dial` (host:port). */
export const stickyValue = (dial: string) => createHmac("sha256", "").update(dial).digest("hex");

export type Answer = {
  status: number;
  headers: Headers;
  text: string;
  /** The answer parsed as JSON (an error names the call when it is not JSON). */
  json<T = Record<string, unknown>>(): T;
  /** The sticky cookie the proxy set on this answer, if it chose an instance for it. */
  sticky: string | null;
};

export type CallOptions = {
  method?: string;
  token?: string;
  /** JSON body (or a FormData / a URLSearchParams sent as it is). */
  body?: unknown;
  /** The dial address of the instance this call must reach (its sticky cookie is sent). */
  pin?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
};

/** One call to `base` (a site's origin, through the proxy or an instance directly), with the app's Origin. */
export async function call(base: string, path: string, options: CallOptions & { origin: string }): Promise<Answer> {
  const headers: Record<string, string> = { origin: options.origin, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.pin) headers.cookie = `${STICKY_COOKIE}=${stickyValue(options.pin)}`;
  let body: FormData | URLSearchParams | string | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
  });
  const text = await res.text();
  const sticky =
    res.headers
      .getSetCookie()
      .map((c) => new RegExp(`^${STICKY_COOKIE}=([0-9a-f]+)`).exec(c)?.[1])
      .find(Boolean) ?? null;
  return {
    status: res.status,
    headers: res.headers,
    text,
    sticky,
    json<T>() {
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new Error(`${method} ${path}: not JSON (${res.status}): ${text.slice(0, 200)}`);
      }
    },
  };
}

/** Throws unless the answer has the status; the message names the call and what the server said. */
export function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  return answer;
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Polls `probe` every `everyMs` until it returns a value other than undefined; fails after `limitMs`. */
export async function waitFor<T>(
  what: string,
  limitMs: number,
  probe: () => Promise<T | undefined>,
  everyMs = 200,
): Promise<T> {
  const end = Date.now() + limitMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what}: not within ${limitMs} ms${last ? ` (last: ${(last as Error).message})` : ""}`);
}
