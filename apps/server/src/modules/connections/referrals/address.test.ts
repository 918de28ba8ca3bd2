import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/test-app.ts";
import { mailboxOf } from "./address.ts";

// [address, its mailbox] — the product rule's table (docs/product-rules-notes.md, "Referrals: one mailbox").
const TABLE: [string, string][] = [
  ["userb@x.test", "userb@x.test"],
  ["UserB@X.Test", "userb@x.test"],
  ["userb+r1@x.test", "userb@x.test"],
  ["userb+r1+r2@x.test", "userb@x.test"],
  ["USERB+Tag@x.test", "userb@x.test"],
  ["user.b@x.test", "user.b@x.test"], // dots count outside gmail
  ["user.b+r1@x.test", "user.b@x.test"],
  ["first.last@gmail.com", "firstlast@gmail.com"],
  ["F.i.r.s.t.L.a.s.t+promo@GMail.com", "firstlast@gmail.com"],
  ["first.last@googlemail.com", "firstlast@gmail.com"],
  ["firstlast+x@googlemail.com", "firstlast@gmail.com"],
  ["first.last@gmail.com.evil.test", "first.last@gmail.com.evil.test"],
  ["first.last@mail.gmail.com", "first.last@mail.gmail.com"],
  ["+tag@x.test", "@x.test"],
  ["no-at-sign", "no-at-sign"],
];

describe("mailboxSql: the mailbox an address reaches", async () => {
  const { database, drop } = await createTestDatabase();
  afterAll(drop);

  it.each(TABLE)(`%s → %s (${database.kind})`, async (address, mailbox) => {
    expect(await mailboxOf(database.db, address)).toBe(mailbox);
  });
});
