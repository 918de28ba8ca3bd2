// BENCH_WAITS=1: what the app's PostgreSQL backends are doing during a measured window, sampled from
// pg_stat_activity and pg_locks every few milliseconds (the evidence for bench/README.md, "The completion
// write path"). A backend waiting on a row lock holds or waits for a `tuple` lock of the row's table, so
// those are named with their relation.
import pg from "pg";

const SAMPLE_SQL = `
select a.state, coalesce(a.wait_event_type, '') as type, coalesce(a.wait_event, '') as event,
  split_part(ltrim(a.query), ' ', 1) as verb,
  (select string_agg(distinct l.locktype || coalesce(' ' || l.relation::regclass::text, ''), ', ')
     from pg_locks l where l.pid = a.pid and (not l.granted or l.locktype = 'tuple')) as locks
from pg_stat_activity a
where a.datname = current_database() and a.backend_type = 'client backend' and a.pid <> pg_backend_pid()`;

type Row = { state: string | null; type: string; event: string; verb: string; locks: string | null };

/** What a backend is doing, as one line: waits with their locks; "running" when on the CPU. */
function describe(row: Row): string {
  if (row.state === "idle") return "idle (between transactions: the app's side)";
  if (row.state === "idle in transaction") return "idle in transaction (a round trip to the app)";
  const on = row.type ? `${row.type}:${row.event}` : "running";
  return `${on} in ${row.verb.toUpperCase()}${row.locks ? ` [${row.locks}]` : ""}`;
}

export type WaitSummary = { samples: number; backends: number; shares: { what: string; share: number }[] };

/** Samples until stop(); the summary gives each state's share of all backend samples, largest first. */
export async function sampleWaits(url: string, everyMs = 10) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let backendSamples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<Row>(SAMPLE_SQL);
      samples++;
      for (const row of rows) {
        backendSamples++;
        const what = describe(row);
        counts.set(what, (counts.get(what) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop(): Promise<WaitSummary> {
      running = false;
      await loop;
      await client.end();
      const shares = [...counts]
        .map(([what, n]) => ({ what, share: n / Math.max(1, backendSamples) }))
        .sort((a, b) => b.share - a.share);
      return { samples, backends: backendSamples / Math.max(1, samples), shares };
    },
  };
}

export function printWaits(key: string, summary: WaitSummary) {
  console.log(`  waits of ${key}: ${summary.samples} samples, ${summary.backends.toFixed(1)} backends on average`);
  for (const { what, share } of summary.shares.filter((s) => s.share >= 0.005)) {
    console.log(`    ${(share * 100).toFixed(1).padStart(5)} %  ${what}`);
  }
}
