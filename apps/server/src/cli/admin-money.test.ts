import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { giveawayRounds } from "../modules/shop/giveaway/schema.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser } from "../test/users.ts";
import { runAdmin } from "./admin.ts";

describe("npm run admin -- grant-access | revoke-access | create-giveaway", async () => {
  const app = await createTestApp();
  const open = async () => ({
    db: app.ctx.db,
    transaction: app.ctx.transaction,
    auth: await app.ctx.auth.ready(),
    database: app.ctx.database,
    close: async () => undefined,
  });
  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, open);
    return { code, out: out.join("\n"), err: err.join("\n") };
  };
  const access = async (headers: { authorization: string }) =>
    (await app.inject({ method: "GET", url: "/api/profile", headers })).json().has_access as boolean;

  it("grants and revokes access, seen by the user's next request without signing in again", async () => {
    const user = await createUser(app);
    expect(await access(user.headers)).toBe(false);
    const granted = await run(["grant-access", "--email", user.email.toUpperCase()]);
    expect(granted).toMatchObject({ code: 0, out: `${user.email}: access granted (has_access true).` });
    expect(await access(user.headers)).toBe(true);
    const revoked = await run(["revoke-access", "--email", user.email]);
    expect(revoked.code).toBe(0);
    expect(await access(user.headers)).toBe(false);
  });

  it("says what is wrong with a readable message and exit code 1", async () => {
    expect(await run(["grant-access", "--email", "ghost@example.test"])).toMatchObject({
      code: 1,
      err: "No account has the e-mail ghost@example.test.",
    });
    expect((await run(["grant-access"])).err).toContain("Missing --email.");
    expect((await run(["grant-access", "--email", "a@b.c", "--role", "admin"])).err).toContain(
      "grant-access takes only --email.",
    );
    expect((await run(["create-giveaway", "--title", "Weekly"])).err).toContain("Missing --prize, --ends.");
    const bad = await run(["create-giveaway", "--title", "Weekly", "--prize", "ten", "--ends", "2999-01-01T00:00:00Z"]);
    expect(bad).toMatchObject({ code: 1, err: "--prize: --prize must be a whole number" });
  });

  it("--help states the prize it accepts: NeonBits per winner, digits only, 1 to 100000", async () => {
    const help = (await run(["--help"])).out;
    expect(help).toContain(
      "--prize: the NeonBits each winner receives, a whole number from 1 to 100000 (digits only).",
    );
    const ends = new Date(Date.now() + 86_400_000).toISOString();
    const create = (prize: string) =>
      run(["create-giveaway", "--title", "Prize bounds", "--prize", prize, "--ends", ends]);
    expect((await create("1,000")).err).toBe("--prize: --prize must be a whole number");
    expect((await create("100001")).err).toContain("prize must be at most 100,000 NeonBits");
    expect((await create("0")).err).toContain("prize must be at least 1 NeonBit");
  });

  it("creates a giveaway round with its draw queued", async () => {
    const ends = new Date(Date.now() + 86_400_000).toISOString();
    const res = await run([
      "create-giveaway",
      "--title",
      "CLI weekly",
      "--prize",
      "300",
      "--ends",
      ends,
      "--winners",
      "2",
    ]);
    expect(res.code, res.err).toBe(0);
    expect(res.out).toMatch(/^Created giveaway round \d+ "CLI weekly": 2 × 300 NeonBits/);
    const [row] = await app.ctx.db.select().from(giveawayRounds).where(eq(giveawayRounds.title, "CLI weekly"));
    expect(row).toMatchObject({ prize: 300, winners: 2, drawnAt: null });
    const jobs = await app.ctx.database.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'giveaway-draw' and data->>'roundId' = $1",
      [String(row!.id)],
    );
    expect((jobs.rows[0] as { n: number }).n).toBe(1);
  });
});
