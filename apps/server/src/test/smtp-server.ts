import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Received = { from: string; to: string[]; raw: string; at: number };
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. `refuse(attempt)` (1 for the first
 * message it is sent) makes it answer that message's DATA with `451 Try again later` instead.
 */
export async function startSmtpServer(options: { refuse?: (attempt: number) => boolean } = {}) {
  const received: Received[] = [];
  const refusedAt: number[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const attempt = ++attempts;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (options.refuse?.(attempt)) {
          refusedAt.push(Date.now());
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** When each refused message was refused (ms since 1970). */
    refusedAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until a message to `email` arrived. */
export async function waitForDelivery(smtp: SmtpTestServer, email: string, timeoutMs = 5000): Promise<Received> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; ) {
    const message = smtp.received.find((m) => m.to.includes(email));
    if (message) return message;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no message to ${email} reached the SMTP server`);
}

/** The subject header of a received message. */
export const subjectOf = (message: Received) => message.raw.match(/^Subject: (.+)$/m)?.[1]?.trim() ?? "";
