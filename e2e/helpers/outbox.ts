import { type APIRequestContext, expect } from "@playwright/test";

export type OutboxMail = { id: number; to: string; subject: string; text: string; html: string; createdAt: string };

/** Mails the dev outbox holds for an address, newest first. */
export async function readOutbox(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as OutboxMail[];
}

/** Id of the newest mail to an address (0 when none): pass it as `after` to wait for the next one. */
export async function newestMailId(request: APIRequestContext, to: string): Promise<number> {
  return (await readOutbox(request, to))[0]?.id ?? 0;
}

/** Polls the outbox until a mail newer than `after` has text matching `pattern`; returns the first group. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  pattern: RegExp,
  { after = 0, timeoutMs = 10_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = (await readOutbox(request, to)).find((m) => m.id > after && pattern.test(m.text));
    const match = mail?.text.match(pattern);
    if (match) return match[1] ?? match[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${pattern} after #${after} within ${timeoutMs} ms`);
}

/** The newest 6-digit code mailed to an address after mail `after`. */
export const waitForCode = (request: APIRequestContext, to: string, after = 0) =>
  waitForMail(request, to, /\b(\d{6})\b/, { after });

/** The newest link mailed to an address after mail `after`. */
export const waitForLink = (request: APIRequestContext, to: string, after = 0) =>
  waitForMail(request, to, /(https?:\/\/\S+)/, { after });
