import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { readMails } from "../../test/mail.ts";
import { createTestApp } from "../../test/test-app.ts";
import { uniqueEmail } from "../../test/users.ts";

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

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
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "NeonLab <no-reply@neonlab.test>" },
  });

  it("delivers the sign-up confirmation code to a real SMTP server", async () => {
    expect(app.ctx.mailer.kind).toBe("smtp");
    const email = uniqueEmail("smtp");
    const signUp = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email, password: "password-1234", name: "Mail Tester" },
    });
    expect(signUp.statusCode).toBe(200);

    let message: Received | undefined;
    for (let i = 0; i < 100 && !message; i++) {
      message = smtp.received.find((m) => m.to.includes(email));
      if (!message) await new Promise((r) => setTimeout(r, 50));
    }
    if (!message) throw new Error("no message reached the SMTP server");
    expect(message.from).toBe("no-reply@neonlab.test");

    const subject = message.raw.match(/^Subject: (.+)$/m)?.[1]?.trim() ?? "";
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
