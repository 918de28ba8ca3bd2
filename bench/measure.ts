import autocannon from "autocannon";

export type Sample = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** What the failed requests were, e.g. "503 ×38, 2 timeouts"; empty when none failed. */
  failures: string;
  /** CPU µs per request of the app process and of its PostgreSQL backends (bench/cpu.ts). */
  appCpu?: number;
  dbCpu?: number;
};
export type Load = {
  url: string;
  method?: "GET" | "POST" | "PUT" | "PATCH";
  tokens?: string[];
  body?: () => string;
  /** Per request: the path and bearer token (or body and headers) to use (replaces the url's path and `tokens`). */
  next?: () => { path: string; token?: string; body?: string; headers?: Record<string, string> };
};

/**
 * One autocannon run: no pipelining, fixed connections, optional rotating bearer tokens; `onResponse` hears
 * each response's latency as it ends (bench/trace.ts).
 */
export async function measure(
  load: Load,
  seconds: number,
  connections: number,
  onResponse?: (latencyMs: number) => void,
): Promise<Sample> {
  let next = 0;
  const options: autocannon.Options = {
    url: load.url,
    connections,
    pipelining: 1,
    duration: seconds,
    method: load.method ?? "GET",
    requests: [
      {
        setupRequest(request) {
          const headers: Record<string, string> = {};
          if (load.tokens?.length) headers.authorization = `Bearer ${load.tokens[next++ % load.tokens.length]}`;
          if (load.body) headers["content-type"] = "application/json";
          if (load.next) {
            const { path, token, body, headers: extra } = load.next();
            if (token) headers.authorization = `Bearer ${token}`;
            if (body !== undefined) headers["content-type"] = "application/json";
            return { ...request, path, headers: { ...headers, ...extra }, body: body ?? load.body?.() };
          }
          return { ...request, headers, body: load.body?.() };
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const run = autocannon(options, (error, finished) => (error ? fail(error) : done(finished)));
    if (onResponse) run.on("response", (_client, _status, _bytes, latency) => onResponse(latency));
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors, // timeouts included
    non2xx: result.non2xx,
    failures: describeFailures(result),
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The non-2xx statuses with their counts, then socket errors and timeouts: what a failing round got. */
function describeFailures(result: autocannon.Result): string {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, stat]) => `${code} ×${stat.count}`);
  const other = result.errors - result.timeouts;
  if (other > 0) statuses.push(`${other} socket errors`);
  if (result.timeouts > 0) statuses.push(`${result.timeouts} timeouts`);
  return statuses.join(", ");
}
