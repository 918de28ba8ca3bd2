import { desc, eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Db } from "../../db/client.ts";
import { outbox } from "./schema.ts";

export type Mail = { to: string; subject: string; text: string; html: string };

/** Sends mail. The real adapter speaks SMTP; the local default keeps mail in the dev outbox. */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

export function createSmtpMailer(url: string, from: string): Mailer {
  // nodemailer is imported with the first mail sent, not with the server.
  let transport: Promise<Transporter> | undefined;
  return {
    kind: "smtp",
    async send(mail) {
      transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await transport).sendMail({ from, ...mail });
    },
    async close() {
      (await transport)?.close();
    },
  };
}

export function createOutboxMailer(db: Db, log: Pick<Logger, "info">): Mailer {
  return {
    kind: "outbox",
    async send(mail) {
      await db.insert(outbox).values(mail);
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, "dev outbox: mail stored");
    },
    async close() {},
  };
}

export async function readOutbox(db: Db, to: string, limit = 20) {
  return db.select().from(outbox).where(eq(outbox.to, to.trim().toLowerCase())).orderBy(desc(outbox.id)).limit(limit);
}
