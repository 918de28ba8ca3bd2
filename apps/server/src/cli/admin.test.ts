import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "../db/client.ts";
import { users } from "../modules/identity/accounts/schema.ts";
import { profiles } from "../modules/identity/profiles/schema.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, uniqueEmail } from "../test/users.ts";
import { type AdminDeps, CliError, createUserCommand, runAdmin, setRoleCommand } from "./admin.ts";

const serverDir = resolve(import.meta.dirname, "../..");

describe("admin CLI commands", async () => {
  const app = await createTestApp();
  const deps: AdminDeps = { db: app.ctx.db, transaction: app.ctx.transaction, auth: await app.ctx.auth.ready() };
  const signIn = (email: string, password: string) =>
    app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
  const roleOf = async (email: string) => {
    const [row] = await app.ctx.db
      .select({ role: profiles.role })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(users.email, email));
    return row?.role;
  };

  it("create-user makes a confirmed account with the role and a generated password that signs in", async () => {
    const email = uniqueEmail("staff");
    const created = await createUserCommand(deps, { email, role: "admin" });
    expect(created.generatedPassword?.length).toBeGreaterThanOrEqual(20);
    const res = await signIn(email, created.generatedPassword ?? "");
    expect(res.statusCode, res.body).toBe(200);
    const token = res.headers["set-auth-token"] as string;
    const me = await app.inject({ url: "/api/profile", headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ email, role: "admin", has_access: true });
  });

  it("create-user takes a given password and name", async () => {
    const email = uniqueEmail("mod");
    const created = await createUserCommand(deps, {
      email: email.toUpperCase(),
      role: "moderator",
      password: "moderator-pass-1",
      name: "Mona Moderator",
    });
    expect(created).toMatchObject({ email, role: "moderator" });
    expect(created.generatedPassword).toBeUndefined();
    const res = await signIn(email, "moderator-pass-1");
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe("Mona Moderator");
    expect(await roleOf(email)).toBe("moderator");
  });

  it("set-role changes the role of an existing account, effective on its next request", async () => {
    const user = await createUser(app);
    const result = await setRoleCommand(deps, { email: user.email, role: "moderator" });
    expect(result).toMatchObject({ previous: "user", role: "moderator" });
    expect((await app.inject({ url: "/api/profile", headers: user.headers })).json().role).toBe("moderator");
    await setRoleCommand(deps, { email: user.email, role: "user" });
    expect(await roleOf(user.email)).toBe("user");
  });

  it("refuses unknown e-mails, bad roles, bad values and duplicates with clear messages", async () => {
    const user = await createUser(app);
    await expect(setRoleCommand(deps, { email: "nobody@example.test", role: "admin" })).rejects.toThrow(
      new CliError("No account has the e-mail nobody@example.test."),
    );
    await expect(setRoleCommand(deps, { email: user.email, role: "root" })).rejects.toThrow(
      "--role: Role must be one of: user, moderator, admin",
    );
    await expect(createUserCommand(deps, { email: "not-an-email", role: "user" })).rejects.toThrow(/^--email: /);
    await expect(createUserCommand(deps, { email: uniqueEmail(), role: "user", password: "short" })).rejects.toThrow(
      /^--password: Password must be at least 8/,
    );
    await expect(createUserCommand(deps, { email: user.email, role: "admin" })).rejects.toThrow(
      `An account with the e-mail ${user.email} already exists. Use set-role to change its role.`,
    );
    expect(await roleOf(user.email)).toBe("user");
  });

  it("runAdmin returns exit code 1 with a message for missing arguments and unknown commands", async () => {
    const lines: string[] = [];
    const output = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const opened = { count: 0 };
    const open = async () => {
      opened.count += 1;
      return { ...deps, database: app.ctx.database, close: async () => undefined };
    };
    expect(await runAdmin(["create-user", "--role", "admin"], output, open)).toBe(1);
    expect(lines.at(-1)).toMatch(/^Missing --email\./);
    expect(await runAdmin(["promote", "--email", "a@b.c", "--role", "admin"], output, open)).toBe(1);
    expect(lines.at(-1)).toMatch(/^Unknown command "promote"\./);
    expect(await runAdmin(["set-role", "--email", "a@b.c", "--role", "admin", "--colour", "red"], output, open)).toBe(
      1,
    );
    expect(await runAdmin([], output, open)).toBe(1);
    expect(opened.count).toBe(0);

    expect(await runAdmin(["set-role", "--email", "ghost@example.test", "--role", "admin"], output, open)).toBe(1);
    expect(lines.at(-1)).toBe("No account has the e-mail ghost@example.test.");

    const email = uniqueEmail("run");
    expect(await runAdmin(["create-user", "--email", email, "--role", "user"], output, open)).toBe(0);
    expect(lines.at(-2)).toMatch(new RegExp(`^Created user ${email} \\(id .+\\), e-mail confirmed\\.$`));
    const password = lines.at(-1)?.replace("Generated password (shown once): ", "") ?? "";
    expect((await signIn(email, password)).statusCode).toBe(200);
  });
});

describe("npm run admin (spawned, on the server's configuration)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "neonlab-admin-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("creates an account in the database the server would open (PGlite in DATA_DIR)", async () => {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "src/cli/admin.ts", "create-user", "--email", "ops@example.test", "--role", "admin"],
      {
        cwd: serverDir,
        encoding: "utf8",
        env: {
          ...process.env,
          NODE_ENV: "test",
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          SMTP_URL: "",
          LOG_LEVEL: "silent",
        },
        timeout: 100_000,
      },
    );
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Created admin ops@example\.test \(id .+\), e-mail confirmed\.$/m);
    expect(result.stdout).toMatch(/^Generated password \(shown once\): \S{20,}$/m);

    const database = createDatabase({ dataDir });
    try {
      const [row] = await database.db
        .select({ role: profiles.role, verified: users.emailVerified })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.email, "ops@example.test"));
      expect(row).toEqual({ role: "admin", verified: true });
    } finally {
      await database.close();
    }
  }, 120_000);
});
