import { afterAll, describe, expect, it } from "vitest";
import { readMails } from "../../test/mail.ts";
import { startSmtpServer, subjectOf, waitForDelivery } from "../../test/smtp-server.ts";
import { createTestApp } from "../../test/test-app.ts";
import { signUp, uniqueEmail } from "../../test/users.ts";

/** Body of one MIME part (quoted-printable decoded) by its content type. */
function part(raw: string, type: "text/plain" | "text/html"): string {
  const start = raw.indexOf(`Content-Type: ${type}`);
  if (start < 0) throw new Error(`no ${type} part`);
  const bodyStart = raw.indexOf("\r\n\r\n", start) + 4;
  const boundary = raw.indexOf("\r\n--", bodyStart);
  const body = raw.slice(bodyStart, boundary < 0 ? undefined : boundary);
  const headers = raw.slice(start, bodyStart);
  if (!/quoted-printable/i.test(headers)) return body;
  return Buffer.from(
    body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

describe("mail over SMTP_URL", async () => {
  const app = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: "NeonLab <no-reply@neonlab.test>" },
  });

  it("delivers the sign-up confirmation code to a real SMTP server", async () => {
    expect(app.ctx.mailer.kind).toBe("smtp");
    const email = uniqueEmail("smtp");
    expect((await signUp(app, email)).statusCode).toBe(200);

    const message = await waitForDelivery(smtp, email);
    expect(message.from).toBe("no-reply@neonlab.test");

    const subject = subjectOf(message);
    expect(subject).toMatch(/^Your NeonLab confirmation code: \d{6}$/);
    const code = subject.slice(-6);
    expect(message.raw).toMatch(/^From: NeonLab <no-reply@neonlab\.test>$/m);
    const text = part(message.raw, "text/plain");
    const html = part(message.raw, "text/html");
    expect(text).toContain(code);
    expect(text).toContain("The code expires in 10 minutes.");
    expect(html).toContain(`>${code}</p>`);
    expect(html).toContain("Confirm your email");

    // Nothing went to the dev outbox, and the mailed code confirms the account.
    expect(await readMails(app, email)).toHaveLength(0);
    const verify = await app.inject({
      method: "POST",
      url: "/api/auth/email-otp/verify-email",
      payload: { email, otp: code },
    });
    expect(verify.statusCode).toBe(200);
  });
});

describe("mail through the job queue when the SMTP server refuses at first", async () => {
  const flaky = await startSmtpServer({ refuse: (attempt) => attempt === 1 });
  afterAll(() => flaky.close());
  const app = await createTestApp({
    env: { SMTP_URL: flaky.url },
    jobs: { retry: { retryLimit: 2, retryDelay: 1, retryBackoff: true } },
  });

  it("retries after a back-off and delivers the mail", async () => {
    const email = uniqueEmail("retry");
    expect((await signUp(app, email)).statusCode).toBe(200);

    const message = await waitForDelivery(flaky, email, 10_000);
    expect(subjectOf(message)).toMatch(/^Your NeonLab confirmation code: \d{6}$/);
    expect(flaky.refusedAt).toHaveLength(1);
    // The second attempt waited for the back-off (1–2 s with retryDelay 1), not a busy loop.
    expect(message.at - (flaky.refusedAt[0] ?? 0)).toBeGreaterThanOrEqual(900);
    expect(flaky.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});
