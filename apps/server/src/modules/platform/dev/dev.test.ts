import { describe, expect, it } from "vitest";
import { readMails } from "../../../test/mail.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { uniqueEmail } from "../../../test/users.ts";

describe("dev outbox", async () => {
  const app = await createTestApp();

  it("lists one address's mails, newest first, and checks the query", async () => {
    const email = uniqueEmail("outbox");
    await app.ctx.mailer.send({ to: email, subject: "first", text: "1", html: "<p>1</p>" });
    await app.ctx.mailer.send({ to: email, subject: "second", text: "2", html: "<p>2</p>" });
    await app.ctx.mailer.send({ to: uniqueEmail("other"), subject: "not yours", text: "3", html: "<p>3</p>" });
    const mails = await readMails(app, email.toUpperCase());
    expect(mails.map((m) => m.subject)).toEqual(["second", "first"]);
    expect(mails[0]).toMatchObject({ to: email, text: "2", html: "<p>2</p>" });
    expect(new Date(mails[0]?.createdAt ?? "").getTime()).toBeGreaterThan(0);
    expect((await app.inject({ url: "/api/dev/outbox" })).statusCode).toBe(400);
    expect((await app.inject({ url: `/api/dev/outbox?to=${"x".repeat(300)}` })).statusCode).toBe(400);
  });
});

describe.each([
  ["a public address", { HOST: "0.0.0.0" }],
  ["loopback behind a public URL (a reverse proxy)", { HOST: "127.0.0.1", PUBLIC_URL: "https://neonlab.example" }],
  ["an explicit DEV_OUTBOX=false", { HOST: "127.0.0.1", DEV_OUTBOX: "false" }],
])("on %s", async (_name, env) => {
  const app = await createTestApp({ env: { NODE_ENV: "development", ...env } });

  it("has no dev outbox route: nobody on the network reads sign-in codes", async () => {
    const res = await app.inject({ url: "/api/dev/outbox?to=someone@example.test" });
    expect(res.statusCode).toBe(404);
  });
});

describe("on a public address with DEV_OUTBOX=true", async () => {
  const app = await createTestApp({ env: { NODE_ENV: "development", HOST: "0.0.0.0", DEV_OUTBOX: "true" } });

  it("has the outbox, never cached", async () => {
    const res = await app.inject({ url: "/api/dev/outbox?to=someone@example.test" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("in production", async () => {
  const app = await createTestApp({
    env: { NODE_ENV: "production", BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-chars", DEV_OUTBOX: "true" },
  });

  it("has no dev outbox route", async () => {
    const res = await app.inject({ url: "/api/dev/outbox?to=someone@example.test" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("No API route GET /api/dev/outbox");
  });
});
