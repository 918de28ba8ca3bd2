// `npm run bench -- soak [--minutes 30] [--warmup 2] [--backend both|pglite|postgres] [--errors-only]`:
// a realistic mix against the server for a given time, RSS and heap sampled every 10 s (bench/README.md, "Soak").
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createDatabase } from "../apps/server/src/db/client.ts";
import { asc } from "drizzle-orm";
import { accounts, users } from "../apps/server/src/db/schema.ts";
import { hashPassword } from "../apps/server/src/lib/password.ts";
import { type Memory, sampleMemory, startProbed } from "./memory-sample.ts";
import { benchApp, prepareDatabase } from "./memory-setup.ts";
import { stopProcess } from "./process.ts";
import { type Seeded, seed } from "./seed.ts";
import { startMix } from "./soak-mix.ts";

const SAMPLE_MS = 10_000;
const MAX_GROWTH = 0.1;
export const SIGN_IN_PASSWORD = "soak-password-2026";
/** Users who sign in with a password (argon2id, as the app hashes it), in turn. */
const SIGN_IN_POOL = 20;

type Options = { minutes: number; warmup: number; backends: ("pglite" | "postgres")[]; errorsOnly: boolean };

function parse(args: string[]): Options {
  const value = (flag: string, fallback: string) => {
    const i = args.indexOf(flag);
    return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
  };
  const minutes = Number(value("--minutes", process.env.SOAK_MINUTES ?? "30"));
  const warmup = Number(value("--warmup", process.env.SOAK_WARMUP_MINUTES ?? "2"));
  const backend = value("--backend", process.env.SOAK_BACKENDS ?? "both");
  if (!(minutes > warmup && warmup >= 0)) throw new Error("--minutes must be longer than --warmup (minutes)");
  if (!["both", "pglite", "postgres"].includes(backend)) throw new Error("--backend is both, pglite or postgres");
  return {
    minutes,
    warmup,
    backends: backend === "both" ? ["pglite", "postgres"] : [backend as "pglite" | "postgres"],
    errorsOnly: args.includes("--errors-only"),
  };
}

/** Gives the first SIGN_IN_POOL seeded users a password (one hash, stored for each). */
async function addPasswords(target: { url?: string; dataDir?: string }, seeded: Seeded) {
  const database = createDatabase(target);
  const password = await hashPassword(SIGN_IN_PASSWORD);
  const ids = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .orderBy(asc(users.email))
    .limit(SIGN_IN_POOL);
  await database.db
    .insert(accounts)
    .values(ids.map((u) => ({ id: randomUUID(), accountId: u.id, providerId: "credential", userId: u.id, password })));
  await database.close();
  return { emails: ids.map((u) => u.email), ...seeded };
}

export async function runSoak(args: string[]) {
  const options = parse(args);
  const { app } = benchApp();
  const dir = mkdtempSync(join(tmpdir(), "neonlab-soak-"));
  const verdicts: Record<string, unknown>[] = [];
  for (const backend of options.backends) {
    const pgUrl = backend === "postgres" ? await prepareDatabase("soak") : undefined;
    const target = { url: pgUrl, dataDir: join(dir, backend) };
    const seeded = await addPasswords(target, await seed({ ...target, users: 2000, lessons: 40 }));
    const env = app.env(
      { DATABASE_URL: pgUrl ?? "", DATA_DIR: target.dataDir },
      {
        AUTH_RATE_LIMIT: "true",
        // The content import would remove the seeded bench course (not in content/, no progress yet).
        IMPORT_CONTENT: "false",
      },
    );
    const child = await startProbed(env, app.ready);
    console.log(
      `\n${backend}: ${options.minutes} min, warm-up ${options.warmup} min, a sample every ${SAMPLE_MS / 1000} s`,
    );
    const mix = startMix(app.base, seeded);
    const started = Date.now();
    const samples: (Memory & { minute: number; requests: number; errors: number })[] = [];
    while (Date.now() - started < options.minutes * 60_000) {
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
      const memory = await sampleMemory(child);
      const minute = (Date.now() - started) / 60_000;
      const { requests, errors } = mix.counts();
      samples.push({ ...memory, minute, requests, errors });
      const worker = memory.workers[0]
        ? `  worker heap ${memory.workers[0].heapUsed} external ${memory.workers[0].external}`
        : "";
      console.log(
        `${minute.toFixed(1).padStart(5)} min  RSS ${String(memory.rss).padStart(6)} MB  heap ${memory.heapUsed}/${memory.heapTotal}${worker}  requests ${requests}  errors ${errors}`,
      );
    }
    const { requests, errors, byKind, lastErrors } = await mix.stop();
    await stopProcess(child);
    // RSS saws up and down with V8's major collections (~45 MB here); a leak raises the floor. So growth compares
    // the lower quartile of RSS in the first window after the warm-up with that of the last window (a fifth of
    // the measured time, at least a minute each). Not the lowest sample: a single trough (glibc returning pages
    // once) made a flat 30-minute PostgreSQL run read +15 % (bench/README.md, "Soak").
    const window = Math.max(1, (options.minutes - options.warmup) / 5);
    const first = samples.filter((s) => s.minute > options.warmup && s.minute <= options.warmup + window);
    const last = samples.filter((s) => s.minute > options.minutes - window);
    const low = (list: typeof samples, key: "rss" | "heapUsed") => {
      const sorted = list.map((s) => s[key]).sort((a, b) => a - b);
      return sorted[Math.floor((sorted.length - 1) / 4)]!;
    };
    const base = low(first, "rss");
    const end = low(last, "rss");
    const growth = (end - base) / base;
    const heapGrowth = (low(last, "heapUsed") - low(first, "heapUsed")) / low(first, "heapUsed");
    const lowest = (list: typeof samples) => Math.min(...list.map((s) => s.rss));
    const lowestGrowth = (lowest(last) - lowest(first)) / lowest(first);
    const passed = errors === 0 && (options.errorsOnly || growth <= MAX_GROWTH);
    console.log(
      `${backend}: ${requests} requests (${Object.entries(byKind)
        .map(([k, n]) => `${k} ${n}`)
        .join(
          ", ",
        )}), ${errors} errors; RSS lower quartile in the first window after warm-up ${base} MB, in the last ${end} MB: ${(growth * 100).toFixed(1)} % (limit ${MAX_GROWTH * 100} %; lowest samples ${(lowestGrowth * 100).toFixed(1)} %); main heap ${(heapGrowth * 100).toFixed(1)} %; highest RSS ${Math.max(...samples.map((s) => s.peak))} MB — ${passed ? "passed" : "FAILED"}`,
    );
    for (const line of lastErrors) console.log(`  error: ${line}`);
    verdicts.push({
      backend,
      minutes: options.minutes,
      warmup: options.warmup,
      requests,
      errors,
      byKind,
      window,
      rssFirstWindow: base,
      rssLastWindow: end,
      growth,
      lowestGrowth,
      heapGrowth,
      passed,
      samples,
    });
  }
  rmSync(dir, { recursive: true, force: true });
  const out = resolve(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, `soak-${options.backends.join("-")}.json`),
    JSON.stringify({ date: new Date().toISOString(), runs: verdicts }, null, 2),
  );
  console.log(`\nwritten to bench/results/soak-${options.backends.join("-")}.json`);
  if (verdicts.some((v) => !v.passed)) process.exitCode = 1;
}
