import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DATA_EXPORT_MESSAGES } from "@neonlab/shared/schemas/data-export";
import type { App } from "../../../app.ts";
import type { ExportSection } from "../../../export-section.ts";
import { createUser, deleteOwnAccount, type TestUser } from "../../../test/users.ts";
import { completeLessonApi, createLearningApp, lessonId, prepareLesson } from "../../learning/test-helpers.ts";
import { readyExport, waitForExport } from "./test-helpers.ts";

/**
 * The personal data export end to end through the API: request → job → mailed link (dev outbox) →
 * download; the file validates against the JSON Schema published at /api/docs/export-schema.json, holds
 * the user's data and nothing of anyone else; the link is the user's only, expires, and requests are
 * limited to one an hour. Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
const app = await createLearningApp();

async function mailedLink(app: App, email: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const res = await app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
    const mail = (res.json() as { subject: string; text: string }[]).find((m) => m.subject.includes("data is ready"));
    const link = mail?.text.match(/https?:\/\/\S+export=([A-Za-z0-9_-]+)/)?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no export link mailed to ${email}`);
}

async function contact(user: TestUser, message: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/users/contact",
    headers: user.headers,
    payload: { name: "Export Tester", email: user.email, subject: "About my data", message },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("personal data export", () => {
  it("holds every section a module defines, each listed once by its module's manifest", async () => {
    const modules = resolve(import.meta.dirname, "../..");
    const files = readdirSync(modules, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith("export-section.ts"),
    );
    const defined: string[] = [];
    for (const file of files) {
      for (const value of Object.values(await import(resolve(modules, file)))) {
        const section = value as Partial<ExportSection>;
        if (typeof section?.key === "string" && typeof section.collect === "function") defined.push(section.key);
      }
    }
    const listed = app.ctx.exportSections.map((s) => s.key);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(defined.sort());
  });

  it("mails a link to a file with the user's data that validates against the published schema", async () => {
    const alice = await createUser(app, { displayName: "Alice Export" });
    const bob = await createUser(app, { displayName: "Bob Elsewhere" });
    const lesson = await lessonId(app.ctx.db, "neon-basics", "first-command");
    for (const user of [alice, bob]) {
      await prepareLesson(app, user, lesson);
      expect((await completeLessonApi(app, user, lesson)).statusCode).toBe(200);
    }
    await contact(alice, "Alice's own message to the operator, kept private.");
    await contact(bob, "Bob's secret message that Alice must never see.");

    const requested = await app.inject({ method: "POST", url: "/api/users/data-export", headers: alice.headers });
    expect(requested.statusCode, requested.body).toBe(202);
    expect(requested.json()).toEqual({ message: DATA_EXPORT_MESSAGES.requested, status: "pending" });
    const token = await mailedLink(app, alice.email);
    await waitForExport(app, alice.headers);

    const status = await app.inject({ method: "GET", url: "/api/users/data-export", headers: alice.headers });
    expect(status.json()).toMatchObject({ status: "ready" });
    const hours = (Date.parse(status.json().expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const res = await app.inject({ method: "GET", url: `/api/users/data-export/${token}`, headers: alice.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="neonlab-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers["cache-control"]).toBe("no-store");

    const schemaRes = await app.inject({ method: "GET", url: "/api/docs/export-schema.json" });
    expect(schemaRes.statusCode).toBe(200);
    const validate = addFormats(new Ajv2020({ strict: true, allErrors: true })).compile(schemaRes.json());
    const file = res.json();
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(file.sections)).toEqual(app.ctx.exportSections.map((s) => s.key));

    // Alice's data is there…
    expect(file.userId).toBe(alice.id);
    expect(file.sections.account.email).toBe(alice.email);
    expect(file.sections.profile.displayName).toBe("Alice Export");
    expect(file.sections.learning.completedLessons).toHaveLength(1);
    const written = await app.ctx.db.execute(
      sql`select count(*)::int as n from reflection_answers where user_id = ${alice.id}`,
    );
    expect(file.sections.learning.reflections).toHaveLength(
      (written as unknown as { rows: { n: number }[] }).rows[0]!.n,
    );
    expect(file.sections.learning.quizAnswers.length).toBeGreaterThan(0);
    expect(file.sections.ledger.entries.some((e: { kind: string }) => e.kind === "xp")).toBe(true);
    expect(file.sections.sessions.length).toBeGreaterThan(0);
    expect(file.sections.messages.contactMessages).toHaveLength(1);
    // …no secret of hers (session tokens, password hash)…
    expect(res.body).not.toContain(alice.token.split(".")[0]);
    expect(res.body).not.toMatch(/\$argon2|"password"|"token"/);
    // …and nothing of Bob's.
    for (const bobs of [bob.id, bob.email, "Bob Elsewhere", "Bob's secret message"]) {
      expect(res.body).not.toContain(bobs);
    }
  });

  it("answers 429 with a message to a second request within the hour", async () => {
    const user = await createUser(app);
    const first = await app.inject({ method: "POST", url: "/api/users/data-export", headers: user.headers });
    expect(first.statusCode).toBe(202);
    const second = await app.inject({ method: "POST", url: "/api/users/data-export", headers: user.headers });
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers["retry-after"])).toBeGreaterThan(3500);
    expect(second.json()).toEqual({
      statusCode: 429,
      statusMessage: "Too Many Requests",
      message: DATA_EXPORT_MESSAGES.tooSoon(60),
    });
    await waitForExport(app, user.headers);
  });

  it("serves a link to its own user only: 404 for anyone else or an unknown token, 410 once expired", async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    const token = await readyExport(app, owner.id);
    const get = (user: TestUser | null, t = token) =>
      app.inject({ method: "GET", url: `/api/users/data-export/${t}`, headers: user?.headers ?? {} });

    expect((await get(owner)).statusCode).toBe(200);
    const stranger = await get(other);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(DATA_EXPORT_MESSAGES.invalidLink);
    expect(stranger.body).not.toContain(owner.email);
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(owner, "A".repeat(43))).statusCode).toBe(404);
    expect((await get(owner, "short")).statusCode).toBe(400);

    const expired = await readyExport(app, owner.id, { expired: true });
    const gone = await get(owner, expired);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(DATA_EXPORT_MESSAGES.expiredLink);
    const status = await app.inject({ method: "GET", url: "/api/users/data-export", headers: owner.headers });
    expect(status.json().status).toBe("expired");
  });

  it("goes with the account", async () => {
    const user = await createUser(app);
    await readyExport(app, user.id);
    expect((await deleteOwnAccount(app, user)).statusCode).toBe(200);
    const left = await app.ctx.db.execute(sql`select count(*)::int as n from data_exports where user_id = ${user.id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
