// Memory floor for the embedded build: a process holding only an open PGlite on a worker thread, with the
// server's settings (pglite-remote.ts, pglite-options.ts), after one statement. No HTTP, no app.
import { remotePglite } from "../../apps/server/src/db/pglite-remote.ts";

const db = remotePglite(process.env.PGLITE_DIR ?? "memory://");
await db.query("select count(*) from pg_class");
process.send?.("ready");
setInterval(() => {}, 60_000);
process.on("SIGTERM", () => void db.close().then(() => process.exit(0)));
