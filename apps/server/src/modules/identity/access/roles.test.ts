import { describe, expect, it } from "vitest";
import { setRoleCommand } from "../../../cli/admin.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { setRole } from "../profiles/service.ts";

describe("roles set by an admin (PATCH /api/admin/users/role)", async () => {
  const app = await createTestApp();
  const admin = await createUser(app);
  await setRole(app.ctx.transaction, admin.email, "admin");
  const setRoleOf = (caller: TestUser, email: string, role: string) =>
    app.inject({ method: "PATCH", url: "/api/admin/users/role", headers: caller.headers, payload: { email, role } });
  const roleSeenBy = async (user: TestUser) =>
    (await app.inject({ url: "/api/profile", headers: user.headers })).json().role;
  const queue = (user: TestUser) => app.inject({ url: "/api/users/reports", headers: user.headers });

  it("takes effect on the next request of the target's existing session, without signing in again", async () => {
    const target = await createUser(app);
    // The session is cached (5 s) by these requests: the change must not wait for the cache.
    expect(await roleSeenBy(target)).toBe("user");
    const refused = await queue(target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only a moderator can do that.");
    const res = await setRoleOf(admin, target.email, "moderator");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      role: "moderator",
      previous: "user",
      message: `${target.email} is now a moderator (was user).`,
    });
    expect(await roleSeenBy(target)).toBe("moderator");
    expect((await queue(target)).statusCode).toBe(200);
    await setRoleOf(admin, target.email, "user");
    expect((await queue(target)).statusCode).toBe(403);
  });

  it("is for admins only: a moderator is refused and nothing changes", async () => {
    const moderator = await createUser(app);
    await setRole(app.ctx.transaction, moderator.email, "moderator");
    const res = await setRoleOf(moderator, moderator.email, "admin");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Only an admin can do that.");
    expect(await roleSeenBy(moderator)).toBe("moderator");
  });

  it("refuses unknown accounts, unknown roles and leaving no admin, with messages", async () => {
    const unknown = await setRoleOf(admin, "ghost@example.test", "moderator");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No account has the e-mail ghost@example.test.");
    const bad = await setRoleOf(admin, admin.email, "root");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/role must be one of: user, moderator, admin/);

    // The only admin can not demote themselves (nor can the CLI): NeonLab is never left without an admin.
    const self = await setRoleOf(admin, admin.email, "user");
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toMatch(/is the only admin/);
    await expect(
      setRoleCommand(
        { db: app.ctx.db, transaction: app.ctx.transaction, auth: await app.ctx.auth.ready() },
        { email: admin.email, role: "user" },
      ),
    ).rejects.toThrow(/is the only admin/);
    expect(await roleSeenBy(admin)).toBe("admin");

    // With a second admin, one may step down; then the other is the last one.
    const second = await createUser(app);
    expect((await setRoleOf(admin, second.email, "admin")).statusCode).toBe(200);
    const stepDown = await setRoleOf(second, second.email, "moderator");
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect(await roleSeenBy(second)).toBe("moderator");
    expect((await setRoleOf(second, admin.email, "user")).statusCode).toBe(403);
    expect((await setRoleOf(admin, admin.email, "moderator")).statusCode).toBe(409);
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const a = await createUser(app);
    const b = await createUser(app);
    await setRole(app.ctx.transaction, a.email, "admin");
    await setRole(app.ctx.transaction, b.email, "admin");
    // The first admin steps aside so only a and b are admins.
    await setRole(app.ctx.transaction, admin.email, "user");
    const [ra, rb] = await Promise.all([
      setRole(app.ctx.transaction, b.email, "user"),
      setRole(app.ctx.transaction, a.email, "user"),
    ]);
    expect([ra.ok, rb.ok].filter(Boolean)).toHaveLength(1);
    await setRole(app.ctx.transaction, admin.email, "admin");
  });
});
