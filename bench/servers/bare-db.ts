// L2: the floor for database reads — node:http + a raw driver running the same statement as the app's L3 read.
import { createServer } from "node:http";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { fastPglite } from "../../apps/server/src/db/pglite-engine.ts";
import { pgliteOptions } from "../../apps/server/src/db/pglite-options.ts";
import { L3_SQL, L3_STATEMENT } from "../queries.ts";

const url = process.env.DATABASE_URL;
const param = process.env.L3_PARAM ?? "";
type Query = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;
let query: Query;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A named statement, as the app's prepared query sends it: parsed and planned once per connection.
  query = (text, values) => pool.query({ name: L3_STATEMENT, text, values });
} else {
  // The same on PGlite, through its protocol API (pglite-engine.ts): PGlite's own query() parses and
  // plans every time. In this thread, unlike the app, which runs PGlite on a worker thread.
  const db = fastPglite(new PGlite(process.env.PGLITE_DIR ?? "memory://", pgliteOptions()));
  query = (text, values) => db.query(text, values);
}

createServer(async (_req, res) => {
  try {
    const { rows } = await query(L3_SQL, [param]);
    const body = JSON.stringify(rows[0] ?? null);
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    res.end(body);
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
