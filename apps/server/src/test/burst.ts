import type { AddressInfo } from "node:net";
import type { App } from "../app.ts";
import type { TestUser } from "./users.ts";

/** The app listening on a free port, for requests over real HTTP (concurrency tests). */
export async function listen(app: App): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Fires one request per path at once, as the user, over real HTTP. */
export async function burst(base: string, user: TestUser, method: string, paths: string[]) {
  const responses = await Promise.all(paths.map((path) => fetch(`${base}${path}`, { method, headers: user.headers })));
  return Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as unknown })));
}

/** How many answers had each status, e.g. { 200: 1, 409: 49 }. */
export function statusCounts(results: { status: number }[]) {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}
