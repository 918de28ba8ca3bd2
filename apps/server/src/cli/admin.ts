import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { ROLES, type Role } from "@neonlab/shared/constants";
import { displayNameSchema, emailSchema, passwordSchema } from "@neonlab/shared/schemas/auth";
import { createOutboxMailer, createSmtpMailer } from "../adapters/mail/mailer.ts";
import { type Auth, createAuth } from "../auth/auth.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { createDatabase, type Database, type Db } from "../db/client.ts";
import { users } from "../modules/accounts/schema.ts";
import { profiles } from "../modules/profiles/schema.ts";
import { createProfile } from "../modules/profiles/service.ts";

export const USAGE = `Usage: npm run admin -- <command> [options]

  create-user --email <e-mail> --role <admin|moderator|user> [--password <password>] [--name <display name>]
      Creates a confirmed account. Without --password, one is generated and printed once.
  set-role --email <e-mail> --role <admin|moderator|user>
      Changes the role of an existing account (takes effect on its next request).

Uses the server's configuration (DATABASE_URL, or PGlite in DATA_DIR). With PGlite, stop the server
first: the embedded database allows one process at a time.`;

/** A mistake of the operator: printed without a stack trace, exit code 1. */
export class CliError extends Error {}

export type AdminDeps = { db: Db; auth: Auth };
type Output = { out: (line: string) => void; err: (line: string) => void };

const roleSchema = z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(", ")}` });

function check<T>(schema: z.ZodType<T>, value: unknown, label: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new CliError(`--${label}: ${parsed.error.issues[0]?.message ?? "invalid value"}`);
}

export type CreatedUser = { id: string; email: string; role: Role; generatedPassword?: string };

/** Creates a confirmed account with a password and a role, through Better Auth's own adapter (profile hook included). */
export async function createUserCommand(
  deps: AdminDeps,
  input: { email?: string; role?: string; password?: string; name?: string },
): Promise<CreatedUser> {
  const email = check(emailSchema, input.email, "email");
  const role = check(roleSchema, input.role, "role");
  const generated = input.password === undefined ? randomBytes(18).toString("base64url") : undefined;
  const password = check(passwordSchema, input.password ?? generated, "password");
  const name = check(displayNameSchema, input.name ?? email.split("@")[0]?.padEnd(2, "_"), "name");

  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing)
    throw new CliError(`An account with the e-mail ${email} already exists. Use set-role to change its role.`);

  const ctx = await deps.auth.$context;
  const user = await ctx.internalAdapter.createUser({ email, name, emailVerified: true }, { method: "admin" });
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(password),
  });
  // The user hook only logs a failed profile insert; the role needs the profile now (a no-op when it exists).
  await createProfile(deps.db, user);
  await deps.db.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.id, user.id));
  return { id: user.id, email, role, generatedPassword: generated };
}

/** Sets the role of the account with this e-mail. */
export async function setRoleCommand(
  deps: AdminDeps,
  input: { email?: string; role?: string },
): Promise<{ id: string; email: string; role: Role; previous: Role }> {
  const email = check(emailSchema, input.email, "email");
  const role = check(roleSchema, input.role, "role");
  const [found] = await deps.db
    .select({ id: users.id, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email));
  if (!found) throw new CliError(`No account has the e-mail ${email}.`);
  await deps.db.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.id, found.id));
  return { id: found.id, email, role, previous: found.role };
}

/** Opens the database and auth exactly as the server does, from the environment. */
export async function openFromConfig(): Promise<AdminDeps & { close(): Promise<void> }> {
  const config = loadConfig();
  const database: Database = createDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  const log = { info: () => undefined };
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(database.db, log);
  const auth = createAuth({ config, db: database.db, mailer, onError: () => undefined });
  return {
    db: database.db,
    auth,
    close: async () => {
      await mailer.close();
      await database.close();
    },
  };
}

/** Parses argv, runs one command and returns the process exit code. */
export async function runAdmin(
  argv: string[],
  output: Output,
  open: () => Promise<AdminDeps & { close(): Promise<void> }> = openFromConfig,
): Promise<number> {
  let parsed: ReturnType<typeof parseArguments>;
  try {
    parsed = parseArguments(argv);
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 1;
  }
  if (parsed.help) {
    output.out(USAGE);
    return 0;
  }
  let deps: (AdminDeps & { close(): Promise<void> }) | undefined;
  try {
    deps = await open();
    if (parsed.command === "create-user") {
      const created = await createUserCommand(deps, parsed.values);
      output.out(`Created ${created.role} ${created.email} (id ${created.id}), e-mail confirmed.`);
      if (created.generatedPassword) output.out(`Generated password (shown once): ${created.generatedPassword}`);
    } else {
      const changed = await setRoleCommand(deps, parsed.values);
      output.out(`${changed.email}: role ${changed.previous} → ${changed.role}.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) {
      output.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await deps?.close();
  }
}

function parseArguments(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return { help: true as const, command: undefined, values };
  const command = positionals[0];
  if (command !== "create-user" && command !== "set-role") {
    throw new CliError(command ? `Unknown command "${command}".` : "Missing command.");
  }
  if (positionals.length > 1) throw new CliError(`Unexpected argument "${positionals[1]}".`);
  const missing = ["email", "role"].filter((key) => values[key as "email" | "role"] === undefined);
  if (missing.length > 0) throw new CliError(`Missing ${missing.map((m) => `--${m}`).join(" and ")}.`);
  if (command === "set-role" && (values.password !== undefined || values.name !== undefined)) {
    throw new CliError("set-role takes only --email and --role.");
  }
  return { help: false as const, command, values };
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  runAdmin(process.argv.slice(2), { out: console.log, err: console.error }).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
