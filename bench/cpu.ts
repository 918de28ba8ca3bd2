// CPU time of processes on this machine, from /proc (Linux): where a rung's time goes, per request.
import { readFileSync } from "node:fs";
import pg from "pg";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU milliseconds of a process so far; 0 when it is gone or /proc is not there. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving a database (the app's pool), by process id. */
export async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** CPU milliseconds spent by the app process and by its database backends from now until the returned stop(). */
export async function cpuWindow(appPid: number, databaseUrl: string | undefined) {
  const before = new Map<number, number>();
  const pids = databaseUrl ? await backendPids(databaseUrl) : [];
  for (const pid of pids) before.set(pid, cpuMs(pid));
  const appBefore = cpuMs(appPid);
  return async () => {
    const app = cpuMs(appPid) - appBefore;
    const after = databaseUrl ? await backendPids(databaseUrl) : [];
    let database = 0;
    // A backend that ended in the window (an idle pool connection closed) lost its count: counted as 0.
    for (const pid of new Set([...pids, ...after])) database += Math.max(0, cpuMs(pid) - (before.get(pid) ?? 0));
    return { app, database };
  };
}
