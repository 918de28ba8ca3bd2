import { count } from "drizzle-orm";
import type { App } from "../app.ts";
import { outbox } from "../adapters/mail/schema.ts";
import { sessions, users, verifications } from "../modules/identity/accounts/schema.ts";
import { profiles } from "../modules/identity/profiles/schema.ts";

export type OutboxMail = { to: string; subject: string; text: string; html: string; createdAt: string };

/** Mails the dev outbox holds for an address, newest first. */
export async function readMails(app: App, email: string): Promise<OutboxMail[]> {
  const res = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return res.json() as OutboxMail[];
}

/** Waits until a mail matching `subject` arrives (sending happens just after the response). */
export async function waitForMail(app: App, email: string, subject: RegExp, after = 0): Promise<OutboxMail> {
  for (let i = 0; i < 100; i++) {
    const mails = await readMails(app, email);
    const matching = mails.filter((m) => subject.test(m.subject));
    if (matching.length > after) return matching[0] as OutboxMail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail matching ${subject} arrived for ${email}`);
}

/** Asks for a reset mail for `email` and follows its link to the token on /reset-password. */
export async function passwordResetToken(app: App, email: string): Promise<string> {
  const publicUrl = app.ctx.config.PUBLIC_URL;
  const before = (await readMails(app, email)).filter((m) => RESET_SUBJECT.test(m.subject)).length;
  const ask = await app.inject({
    method: "POST",
    url: "/api/auth/request-password-reset",
    payload: { email, redirectTo: `${publicUrl}/reset-password` },
  });
  if (ask.statusCode !== 200) throw new Error(`reset request answered ${ask.statusCode}: ${ask.body}`);
  const link = linkIn(await waitForMail(app, email, RESET_SUBJECT, before));
  const landing = await app.inject({ url: `${link.pathname}${link.search}` });
  return new URL(landing.headers.location as string, publicUrl).searchParams.get("token") ?? "";
}

const RESET_SUBJECT = /Reset your NeonLab password/;

/** The first http(s) link in a mail's text part. */
export function linkIn(mail: { text: string }): URL {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return new URL(match[0]);
}

/** Row counts of the tables that account routes write, to assert that bad input wrote nothing. */
export async function accountTableCounts(app: App) {
  const { db } = app.ctx;
  const read = async (table: typeof users | typeof sessions | typeof verifications | typeof profiles | typeof outbox) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    users: await read(users),
    sessions: await read(sessions),
    verifications: await read(verifications),
    profiles: await read(profiles),
    outbox: await read(outbox),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
