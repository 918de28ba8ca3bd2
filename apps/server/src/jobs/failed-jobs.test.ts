import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { FailedJob } from "@neonlab/shared/schemas/admin";
import type { App } from "../app.ts";
import { createUserCommand, FAILED_JOBS_ON_PGLITE, failedJobsCommand, openFromConfig, runAdmin } from "../cli/admin.ts";
import { startSmtpServer } from "../test/smtp-server.ts";
import { createTestApp, createTestDatabase } from "../test/test-app.ts";
import { signUp, uniqueEmail } from "../test/users.ts";

const serverDir = resolve(import.meta.dirname, "../..");

/** A confirmed account made like the CLI makes one (no mail needed), signed in. */
async function staff(app: App, role: "admin" | "user") {
  const email = uniqueEmail(role);
  const password = "staff-password-1";
  await createUserCommand(
    { db: app.ctx.db, transaction: app.ctx.transaction, auth: await app.ctx.auth.ready() },
    { email, role, password },
  );
  const res = await app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.headers["set-auth-token"]}` };
}

async function waitForFailedJobs(app: App, headers: Record<string, string>, count: number): Promise<FailedJob[]> {
  for (const end = Date.now() + 15_000; Date.now() < end; ) {
    const res = await app.inject({ url: "/api/admin/jobs/failed", headers });
    expect(res.statusCode, res.body).toBe(200);
    const jobs = res.json() as FailedJob[];
    if (jobs.length >= count) return jobs;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`fewer than ${count} failed jobs after 15 s`);
}

describe("a mail that never goes out", async () => {
  const smtp = await startSmtpServer({ refuse: () => true });
  afterAll(() => smtp.close());
  const owned = await createTestDatabase();
  afterAll(() => owned.drop());
  const app = await createTestApp({
    database: owned.database,
    env: { SMTP_URL: smtp.url },
    jobs: { retry: { retryLimit: 1, retryDelay: 0, retryBackoff: false } },
  });
  const admin = await staff(app, "admin");
  const user = await staff(app, "user");

  it("is retried, then listed for admins with its error and no code in it", async () => {
    const contact = await app.inject({
      method: "POST",
      url: "/api/users/contact",
      payload: {
        name: "Visitor",
        email: "visitor@example.test",
        subject: "Order 123456 lost",
        message: "Where is it?",
      },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const email = uniqueEmail("never");
    const started = await signUp(app, email);
    expect(started.statusCode, started.body).toBe(200);

    const jobs = await waitForFailedJobs(app, admin, 2);
    expect(jobs.map((job) => job.summary).sort()).toEqual([
      "Contact form: Order •••••• lost → operator@neonlab.local",
      `Your NeonLab confirmation code: •••••• → ${email}`,
    ]);
    for (const job of jobs) {
      expect(job).toMatchObject({ queue: "send-mail", attempts: 2 });
      expect(job.error).toMatch(/451/);
      expect(Date.parse(job.failed_at ?? "")).toBeGreaterThanOrEqual(Date.parse(job.created_at));
    }
    expect(smtp.refusedAt).toHaveLength(4);
    // The address is random digits of its own; what must not show is a six-digit code.
    const shown = jobs.map((job) => `${job.summary} ${job.error}`).join("\n");
    expect(shown.replaceAll(email, "")).not.toMatch(/\d{6}/);

    const limited = await app.inject({ url: "/api/admin/jobs/failed?limit=1", headers: admin });
    expect(limited.json()).toHaveLength(1);
    expect((await app.inject({ url: "/api/admin/jobs/failed", headers: user })).statusCode).toBe(403);
    expect((await app.inject({ url: "/api/admin/jobs/failed" })).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/admin/jobs/failed?limit=0", headers: admin })).statusCode).toBe(400);
  });

  it("is listed by the admin CLI", async () => {
    const lines = await failedJobsCommand(app.ctx.database, {});
    expect(lines).toHaveLength(4);
    expect(lines.join("\n")).toContain("Contact form: Order •••••• lost → operator@neonlab.local");
    expect(lines[1]).toMatch(/^ {4}after 2 attempts: .*451/);

    const output: string[] = [];
    const io = { out: (l: string) => output.push(l), err: (l: string) => output.push(`err: ${l}`) };
    const open = async () => ({
      db: app.ctx.db,
      transaction: app.ctx.transaction,
      auth: await app.ctx.auth.ready(),
      database: app.ctx.database,
      close: async () => {},
    });
    expect(await runAdmin(["failed-jobs", "--limit", "1"], io, open)).toBe(0);
    expect(output).toHaveLength(2);
    expect(await runAdmin(["failed-jobs", "--email", "a@b.c"], io, open)).toBe(1);
    expect(output.at(-1)).toMatch(/^err: failed-jobs takes only --limit\./);
  });

  it.skipIf(!owned.url)(
    "is listed by `npm run admin -- failed-jobs` in a second process (PostgreSQL)",
    () => {
      const result = spawnSync(process.execPath, ["--import", "tsx", "src/cli/admin.ts", "failed-jobs"], {
        cwd: serverDir,
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "test", DATABASE_URL: owned.url, LOG_LEVEL: "silent" },
        timeout: 100_000,
      });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      expect(result.stdout).toContain("send-mail");
      expect(result.stdout).toContain("after 2 attempts");
    },
    120_000,
  );

  it("is not read from PGlite by the CLI: the running server holds DATA_DIR", async () => {
    const before = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      await expect(openFromConfig("failed-jobs")).rejects.toThrow(FAILED_JOBS_ON_PGLITE);
    } finally {
      if (before !== undefined) process.env.DATABASE_URL = before;
    }
  });
});
