// `npm run check:cluster`: NeonLab as a self-hoster runs it at its largest, tested end to end. PostgreSQL and Redis
// (already running: CLUSTER_DATABASE_URL or TEST_DATABASE_URL, CLUSTER_REDIS_URL or TEST_REDIS_URL), two instances
// of `npm run start:prod`'s command in production with compose.yaml's SHUTDOWN_DELAY_MS, Caddy (Debian's package,
// on PATH) with the repository's Caddyfile serving the app's host name (localhost) and the preview's (127.0.0.1)
// on one loopback port, mail to a local SMTP server and blog images to a local S3-compatible store. It drives the
// real flows through the proxy, restarts each instance under load (0 failed requests), then backs the site up,
// restores it and serves it again. Installs nothing; builds with `npm run build:prod` first; ends every process
// and drops every database it made (docs/decisions/043).
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import type { Socket } from "socket.io-client";
import { parse } from "yaml";
import { startFakeS3 } from "../apps/server/src/modules/blogs/fake-s3.ts";
import { startSmtpServer } from "../apps/server/src/test/smtp-server.ts";
import { checkRestored, copyMedia, databaseUrlFor, dumpDatabase, restoreDatabase } from "./backup.ts";
import { check, waitFor } from "./client.ts";
import * as flows from "./flows.ts";
import { inRotation, restartInstance, startLoad } from "./rolling.ts";
import {
  caddyfileFor,
  command,
  freePort,
  freePortPair,
  type Instance,
  killGroup,
  root,
  startCaddy,
  startInstance,
  stopInstance,
} from "./stack.ts";

process.chdir(root);
const adminUrl =
  process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.CLUSTER_REDIS_URL ?? process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** What compose.yaml gives its instances (more than the Caddyfile's health interval + timeout). */
const SHUTDOWN_DELAY_MS = String(
  parse(readFileSync(join(root, "compose.yaml"), "utf8")).services["app-1"].environment.SHUTDOWN_DELAY_MS,
);
const BUCKET = "neonlab-media";

const run = randomBytes(4).toString("hex");
const database = `neonlab_cluster_${run}`;
const restored = `${database}_restored`;
const redisPrefix = `neonlab-cluster-${run}:`;
const work = mkdtempSync(join(tmpdir(), "neonlab-cluster-"));
const started = Date.now();

type Step = { name: string; ok: boolean; ms: number; detail: string };
const steps: Step[] = [];
const cleanups: { name: string; run: () => unknown }[] = [];
const later = (name: string, run: () => unknown) => cleanups.unshift({ name, run });

async function step<T>(name: string, body: () => Promise<T>, describe: (value: T) => string = () => "") {
  const begun = Date.now();
  process.stdout.write(`… ${name}\n`);
  try {
    const value = await body();
    const detail = describe(value);
    steps.push({ name, ok: true, ms: Date.now() - begun, detail });
    console.log(`✓ ${name} (${((Date.now() - begun) / 1000).toFixed(1)} s)${detail ? `: ${detail}` : ""}`);
    return value;
  } catch (error) {
    const detail = (error as Error).message;
    steps.push({ name, ok: false, ms: Date.now() - begun, detail });
    console.log(`✗ ${name} (${((Date.now() - begun) / 1000).toFixed(1)} s): ${detail}`);
    throw error;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  await step(
    "tools: caddy, pg_dump, pg_restore, psql on PATH",
    async () => {
      const caddy = await command("caddy", ["version"]).catch(() => {
        throw new Error("caddy is not on PATH: install Debian's package (apt-get install -y caddy)");
      });
      for (const tool of ["pg_dump", "pg_restore", "psql"]) await command(tool, ["--version"]);
      return caddy.trim().split(" ")[0];
    },
    (version) => `caddy ${version}`,
  );

  await step("npm run build:prod", async () => {
    await command("npm", ["run", "build:prod", "--silent"]);
  });

  const services = await step(
    "PostgreSQL database, SMTP server, S3-compatible store",
    async () => {
      await command("psql", [adminUrl, "-v", "ON_ERROR_STOP=1", "-qc", `create database "${database}"`]);
      later("drop the databases", () =>
        command("psql", [adminUrl, "-qc", `drop database if exists "${database}" with (force)`]).then(() =>
          command("psql", [adminUrl, "-qc", `drop database if exists "${restored}" with (force)`]),
        ),
      );
      const smtp = await startSmtpServer();
      later("SMTP server", () => smtp.close());
      const mediaDir = join(work, "media-store");
      const s3 = await startFakeS3(BUCKET, { dir: mediaDir });
      later("S3 store", () => s3.close());
      return { smtp, s3, mediaDir };
    },
    () => database,
  );

  // Each instance on its own loopback address, all on the same ports (as containers: app-N:3000 and :3001).
  const hosts = ["127.0.0.2", "127.0.0.3", "127.0.0.4"];
  const port = await freePortPair(hosts);
  const proxyPort = await freePort("127.0.0.1");
  const app = `http://localhost:${proxyPort}`;
  const preview = `http://127.0.0.1:${proxyPort}`;
  const authSecret = randomBytes(32).toString("hex");
  const envFor = (host: string, databaseName: string, s3Endpoint: string, prefix: string) => ({
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? work,
    NODE_ENV: "production",
    HOST: host,
    PORT: String(port),
    PREVIEW_PORT: String(port + 1),
    PUBLIC_URL: app,
    PREVIEW_ORIGIN: preview,
    BETTER_AUTH_SECRET: authSecret,
    DATABASE_URL: databaseUrlFor(adminUrl, databaseName),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    SMTP_URL: services.smtp.url,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3Endpoint,
    S3_ACCESS_KEY_ID: "neonlab-cluster",
    S3_SECRET_ACCESS_KEY: "neonlab-cluster-secret",
    S3_FORCE_PATH_STYLE: "true",
    TRUST_PROXY: "true",
    SHUTDOWN_DELAY_MS,
    DATA_DIR: join(work, `data-${host}`),
    LOG_LEVEL: "info",
  });
  const instance = (name: string, host: string, env: Record<string, string>): Instance => ({
    name,
    host,
    port,
    dial: `${host}:${port}`,
    env,
    logFile: join(work, `${name}.log`),
    child: null,
  });
  const a = instance("A", hosts[0]!, envFor(hosts[0]!, database, services.s3.endpoint, redisPrefix));
  const b = instance("B", hosts[1]!, envFor(hosts[1]!, database, services.s3.endpoint, redisPrefix));
  const instances = [a, b];
  later("instances", () => Promise.all(instances.map((i) => stopInstance(i, 20_000))));
  later("Redis keys", async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    for (const prefix of [redisPrefix, `${redisPrefix}restored:`]) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await redis.quit();
  });

  await step(
    "two instances of `npm run start:prod`'s command started together on one new database",
    async () => {
      const [msA, msB] = await Promise.all([startInstance(a), startInstance(b)]);
      return { msA, msB };
    },
    ({ msA, msB }) => `A ready in ${seconds(msA)}, B in ${seconds(msB)} (${a.dial}, ${b.dial})`,
  );

  const c: flows.Cluster = { app, preview, a, b, smtp: services.smtp, s3: services.s3, authSecret };
  const caddyDir = join(work, "caddy");
  mkdirSync(caddyDir);
  await step(
    "Caddy on the repository's Caddyfile: both instances in rotation",
    async () => {
      const caddy = await startCaddy(caddyDir, caddyfileFor(instances), { PUBLIC_URL: app, PREVIEW_ORIGIN: preview });
      later("Caddy", () => killGroup(caddy.child));
      await Promise.race([
        caddy.failed,
        waitFor("both instances in the proxy's rotation", 30_000, async () =>
          (await inRotation(c, a)) && (await inRotation(c, b)) ? true : undefined,
        ),
      ]);
    },
    () => `${app} and ${preview} → ${a.dial}, ${b.dial}`,
  );

  await step("preview site on its own host name", () => flows.previewSite(c));

  const users = await step(
    "sign-ups with the code mailed over SMTP (signed up on one instance, confirmed on the other)",
    async () => {
      const learner = await flows.signUp(c, "Lea", a, b);
      const friend = await flows.signUp(c, "Finn", b, a);
      const greeter = await flows.signUp(c, "Gus", a, b);
      return { learner, friend, greeter };
    },
    () => `${services.smtp.received.length} mails received`,
  );
  const { learner, friend, greeter } = users;

  const lesson = await step(
    "a lesson completed (quizzes on B, completion on A, XP read on B)",
    () => flows.completeLesson(c, learner),
    (l) => `${l.lesson}, ${l.xp} XP`,
  );

  const sockets: Socket[] = [];
  later("sockets", () => {
    for (const socket of sockets) socket.disconnect();
  });
  const learnerSocket = flows.openSocket(c, learner, { pin: b });
  const friendSocket = flows.openSocket(c, friend, { polling: true });
  sockets.push(learnerSocket, friendSocket);
  await step(
    "realtime: sent on A, heard on a WebSocket held by B; long-polling kept on one instance",
    async () => {
      await flows.connected(learnerSocket, "Lea's WebSocket");
      await flows.connected(friendSocket, "Finn's long-polling socket");
      // One engine.io session throughout: a polling request sent to the other instance would end it (the client
      // would then reconnect with a new one, which the notifications alone would not show).
      const session = friendSocket.io.engine.id;
      let dropped = 0;
      const onDrop = () => dropped++;
      friendSocket.on("disconnect", onDrop);
      await flows.requestConnection(c, friend, learner, a, learnerSocket, "Lea's WebSocket on B");
      // Ten more requests of Finn's polling session: each must reach the instance that holds it (sticky cookie).
      for (let i = 0; i < 10; i++) {
        friendSocket.emit("cluster-check", i);
        await new Promise((r) => setTimeout(r, 30));
      }
      const accepted = flows.nextNotification(friendSocket, "Finn's long-polling socket");
      const answer = await flows.api(c, `/api/users/accept-connection-request?friendId=${friend.id}`, {
        method: "PATCH",
        token: learner.token,
        pin: a.dial,
      });
      check(answer.status === 200, `accepting answered ${answer.status}: ${answer.text}`);
      check((await accepted).kind === "connection_accepted", "Finn heard something else than the acceptance");
      friendSocket.off("disconnect", onDrop);
      check(dropped === 0 && friendSocket.io.engine.id === session, "Finn's polling session was lost on the way");
      check(friendSocket.io.engine.transport.name === "polling", "Finn's socket left polling");
    },
    () => "WebSocket only, pinned by the sticky cookie; polling with Caddy's cookie kept by the client",
  );

  await step(
    "a purchase: Pro in the test checkout, a NeonBits pack by the provider's signed webhook",
    () => flows.purchase(c, learner),
    (p) => `${p.neonbits} NeonBits after one pack delivered to A and again to B`,
  );

  const blog = await step(
    "a blog image uploaded through A into the S3 store, served by B",
    () => flows.blogImage(c, learner),
    (b) => `${b.keys.length} variants in the bucket`,
  );

  await step(
    "rolling restart under load: SIGTERM, start again, for A then B; 0 failed requests",
    async () => {
      const load = startLoad(c, learner, lesson.lessonId, blog.url);
      later("load", () => load.stop());
      await new Promise((r) => setTimeout(r, 2_000));
      const phases: string[] = [];
      // Which restart each socket lost its connection in: Lea's (pinned to B) in B's only, then it reconnects.
      let restarting = "none";
      const drops: Record<string, string[]> = { Lea: [], Finn: [] };
      learnerSocket.on("disconnect", () => drops.Lea!.push(restarting));
      friendSocket.on("disconnect", () => drops.Finn!.push(restarting));
      for (const instance of instances) {
        restarting = instance.name;
        const before = load.snapshot();
        const took = await restartInstance(c, instance);
        const after = load.snapshot();
        phases.push(
          `${instance.name}: drained and stopped in ${seconds(took.stopMs)}, started in ${seconds(took.startMs)}, back in rotation after ${seconds(took.rejoinMs)} (${after.requests - before.requests} requests meanwhile, ${after.failures - before.failures} failed)`,
        );
      }
      restarting = "none";
      const beforeEnd = load.snapshot().served;
      await new Promise((r) => setTimeout(r, 3_000));
      const result = await load.stop();
      const lastServed = (name: string) => (result.served[name] ?? 0) - (beforeEnd[name] ?? 0);
      for (const line of phases) console.log(`    ${line}`);
      if (result.failures.length > 0) console.log(`    failed: ${result.failures.slice(0, 10).join("; ")}`);
      check(
        result.failures.length === 0,
        `${result.failures.length} of ${result.requests} requests failed at the proxy`,
      );
      check(
        lastServed("A") > 0 && lastServed("B") > 0,
        `after the restarts, A served ${lastServed("A")} and B ${lastServed("B")}`,
      );
      check(
        drops.Lea!.join() === "B",
        `Lea's WebSocket on B dropped in these restarts: ${drops.Lea!.join() || "none"}`,
      );
      check(drops.Finn!.length >= 1, "Finn's polling socket was dropped by no restart");
      await flows.connected(learnerSocket, "Lea's WebSocket after the restarts");
      await flows.connected(friendSocket, "Finn's polling socket after the restarts");
      await flows.requestConnection(c, greeter, learner, a, learnerSocket, "Lea's WebSocket after the restarts");
      await flows.requestConnection(c, greeter, friend, b, friendSocket, "Finn's polling socket after the restarts");
      return { ...result, drops };
    },
    (r) =>
      `${r.requests} requests in ${r.seconds.toFixed(0)} s (${(r.requests / r.seconds).toFixed(0)}/s), 0 failed; A served ${r.served.A ?? 0}, B ${r.served.B ?? 0}; Lea's WebSocket dropped in ${r.drops.Lea!.join()}'s restart, Finn's polling in ${r.drops.Finn!.join(" and ")}'s; both reconnected and heard a notification`,
  );

  const backupDir = join(work, "backup");
  mkdirSync(backupDir);
  const backup = await step(
    "backup while the site runs: pg_dump -Fc, then a copy of the media store",
    async () => {
      const bytes = await dumpDatabase(databaseUrlFor(adminUrl, database), join(backupDir, "neonlab.dump"));
      const files = copyMedia(services.mediaDir, join(backupDir, "media"));
      return { bytes, files };
    },
    ({ bytes, files }) => `${(bytes / 1024).toFixed(0)} KB dump, ${files} media files`,
  );

  await step(
    "restore into a new database and a new store; one instance serves it",
    async () => {
      await restoreDatabase(adminUrl, restored, join(backupDir, "neonlab.dump"));
      const mediaDir = join(work, "media-restored");
      copyMedia(join(backupDir, "media"), mediaDir);
      const s3 = await startFakeS3(BUCKET, { dir: mediaDir });
      later("restored S3 store", () => s3.close());
      const env = envFor(hosts[2]!, restored, s3.endpoint, `${redisPrefix}restored:`);
      const fresh = instance("C", hosts[2]!, env);
      instances.push(fresh);
      await startInstance(fresh);
      const image = services.s3.objects.get(blog.keys[0]!)?.body;
      check(image, "the original image is gone from the store");
      const seen = await checkRestored(`http://${fresh.dial}`, app, learner, blog.url, image);
      const before = await flows.profileOf(c, learner, a);
      check(seen.xp === before.xp && seen.neonbits === before.neonbits && seen.has_access, "the restored books differ");
      await stopInstance(fresh);
      return { ...seen, objects: s3.objects.size };
    },
    (r) =>
      `Lea signed in: ${r.xp} XP, ${r.neonbits} NeonBits, Pro; blog image served (${r.objects} objects restored, ${backup.files} backed up)`,
  );
}

let cleaning: Promise<void> | null = null;
/** Ends what the check started, last started first; once, whether the check ended or was interrupted. */
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const cleanup of cleanups.splice(0)) {
      try {
        await cleanup.run();
      } catch (error) {
        console.log(`  (cleanup of ${cleanup.name}: ${(error as Error).message})`);
      }
    }
  })());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: ending what the check started`);
    void cleanUp().finally(() => {
      rmSync(work, { recursive: true, force: true });
      process.exit(1);
    });
  });
}

let failed = false;
try {
  await main();
} catch {
  failed = true;
} finally {
  await cleanUp();
  if (failed) {
    for (const name of ["A", "B", "C"]) {
      try {
        const log = readFileSync(join(work, `${name}.log`), "utf8")
          .trimEnd()
          .split("\n");
        console.log(`--- last lines of instance ${name}'s log\n${log.slice(-15).join("\n")}`);
      } catch {
        // That instance never started.
      }
    }
  }
  rmSync(work, { recursive: true, force: true });
}
const passed = steps.filter((s) => s.ok).length;
console.log(`\ncluster check ${failed ? "FAILED" : "passed"} in ${seconds(Date.now() - started)}`);
console.log(`cluster: ${passed} passed, ${steps.length - passed} failed`);
process.exit(failed ? 1 : 0);
