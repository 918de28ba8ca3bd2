import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages } from "./modules/identity/users/schema.ts";
import { readMails, sleep, waitForMail } from "./test/mail.ts";
import { createTestApp } from "./test/test-app.ts";
import { uniqueEmail } from "./test/users.ts";

const mail = (to: string) => ({ to, subject: `Transaction test for ${to}`, text: "hello", html: "<p>hello</p>" });
const message = (email: string) => ({ name: "Tester", email, subject: "Hi", message: "A message long enough." });

describe("ctx.transaction: events and jobs take effect with the commit", async () => {
  const app = await createTestApp();
  const { transaction, events, database, db } = app.ctx;
  const delivered: string[] = [];
  const seenInside: string[] = [];
  events.onInTransaction("account.deleted", async ({ email }, tx) => {
    const rows = await tx.select().from(contactMessages).where(eq(contactMessages.email, email));
    seenInside.push(`${email}:${rows.length}`);
    if (email.startsWith("veto")) throw new Error("in-transaction handler refused");
  });
  events.onAfterCommit("account.deleted", ({ email }) => {
    delivered.push(email);
    if (email.startsWith("noisy")) throw new Error("after-commit handler failed");
  });
  const jobRows = async (to: string) =>
    (await database.executeSql("select id from pgboss.job where data->>'to' = $1", [to])).rows.length;
  const stored = async (email: string) =>
    (await db.select().from(contactMessages).where(eq(contactMessages.email, email))).length;

  it("runs in-transaction handlers inside, after-commit handlers and the job after the commit", async () => {
    const email = uniqueEmail("commit");
    await transaction(async (tx) => {
      await tx.db.insert(contactMessages).values(message(email));
      await tx.publish("account.deleted", { userId: "u1", email });
      await tx.enqueue("send-mail", mail(email));
      expect(delivered).not.toContain(email);
    });
    expect(seenInside).toContain(`${email}:1`);
    expect(delivered).toContain(email);
    // The worker was woken by the commit: the mail is there well before the next poll would find it.
    await waitForMail(app, email, /^Transaction test/);
  });

  it("adds no job, delivers no event and keeps no row when the transaction rolls back", async () => {
    const email = uniqueEmail("rollback");
    await expect(
      transaction(async (tx) => {
        await tx.db.insert(contactMessages).values(message(email));
        await tx.enqueue("send-mail", mail(email));
        await tx.publish("account.deleted", { userId: "u2", email });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await jobRows(email)).toBe(0);
    expect(await stored(email)).toBe(0);
    expect(delivered).not.toContain(email);
    await sleep(700); // longer than a worker poll
    expect(await readMails(app, email)).toEqual([]);
  });

  it("rolls back when an in-transaction handler throws", async () => {
    const email = uniqueEmail("veto");
    await expect(
      transaction(async (tx) => {
        await tx.db.insert(contactMessages).values(message(email));
        await tx.enqueue("send-mail", mail(email));
        await tx.publish("account.deleted", { userId: "u3", email });
      }),
    ).rejects.toThrow("in-transaction handler refused");
    expect(await stored(email)).toBe(0);
    expect(await jobRows(email)).toBe(0);
    expect(delivered).not.toContain(email);
  });

  it("does not fail the committed change when an after-commit handler throws", async () => {
    const email = uniqueEmail("noisy");
    const result = await transaction(async (tx) => {
      await tx.db.insert(contactMessages).values(message(email));
      await tx.publish("account.deleted", { userId: "u4", email });
      return "done";
    });
    expect(result).toBe("done");
    expect(delivered).toContain(email);
    expect(await stored(email)).toBe(1);
  });
});
