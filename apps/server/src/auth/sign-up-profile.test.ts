import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../modules/identity/accounts/schema.ts";
import { profiles } from "../modules/identity/profiles/schema.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, uniqueEmail } from "../test/users.ts";

const app = await createTestApp();
const db = app.ctx.db;

/** Makes every profile insert for this display name fail, as a database error would. */
async function breakProfileInserts(displayName: string) {
  await db.execute(
    sql.raw(`create or replace function fail_profile_insert() returns trigger language plpgsql as $$
      begin raise exception 'simulated profile insert failure'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger fail_profile_insert before insert on profiles for each row
      when (new.display_name = '${displayName}') execute function fail_profile_insert()`),
  );
  return async () => {
    await db.execute(sql.raw("drop trigger fail_profile_insert on profiles"));
    await db.execute(sql.raw("drop function fail_profile_insert()"));
  };
}

describe("the profile made at sign-up", () => {
  it("a failed profile insert does not fail sign-up, and the profile is made on the user's next request", async () => {
    const repair = await breakProfileInserts("Broken Profile");
    let user: Awaited<ReturnType<typeof createUser>>;
    try {
      user = await createUser(app, { displayName: "Broken Profile" });
      expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
      expect(await db.select().from(profiles).where(eq(profiles.id, user.id))).toHaveLength(0);
    } finally {
      await repair();
    }

    // The first requests (at once) find no profile; one of them makes it and all of them see it.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => app.inject({ method: "GET", url: "/api/profile", headers: user.headers })),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, display_name: "Broken Profile", username: "broken-profile" });
    }
    expect(await db.select().from(profiles).where(eq(profiles.id, user.id))).toHaveLength(1);
  });
});

describe("the time zone sent with an e-mail sign-up", () => {
  const signUpIn = (timeZone: unknown) => {
    const email = uniqueEmail("zone");
    const payload = { email, password: "correct-horse-battery", name: "Zone Hacker", timeZone };
    return { email, sent: app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload }) };
  };
  const zoneOf = async (email: string) => {
    const [row] = await db
      .select({ zone: profiles.timeZone })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(users.email, email));
    return row?.zone;
  };

  it("is the new account's zone, in the runtime's spelling", async () => {
    const la = signUpIn("America/Los_Angeles");
    expect((await la.sent).statusCode).toBe(200);
    expect(await zoneOf(la.email)).toBe("America/Los_Angeles");
    const lower = signUpIn("europe/berlin");
    expect((await lower.sent).statusCode).toBe(200);
    expect(await zoneOf(lower.email)).toBe("Europe/Berlin");
  });

  it("is ignored when the server does not know it: the sign-up works and the zone stays UTC", async () => {
    for (const zone of ["Mars/Olympus_Mons", "", "+05:00", "../../etc/passwd"]) {
      const attempt = signUpIn(zone);
      const res = await attempt.sent;
      expect(res.statusCode, `${zone}: ${res.body}`).toBe(200);
      expect(await zoneOf(attempt.email)).toBe("UTC");
    }
    const none = signUpIn(undefined);
    expect((await none.sent).statusCode).toBe(200);
    expect(await zoneOf(none.email)).toBe("UTC");
  });

  it("refuses what is not text, or too long, with a 400 naming the field, and makes no account", async () => {
    for (const zone of [42, ["UTC"], "x".repeat(101)]) {
      const attempt = signUpIn(zone);
      const res = await attempt.sent;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^timeZone: /);
      expect(await db.select().from(users).where(eq(users.email, attempt.email))).toHaveLength(0);
    }
  });
});
