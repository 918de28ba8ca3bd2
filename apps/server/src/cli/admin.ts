import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { ROLES, type Role } from "@neonlab/shared/constants";
import { failedJobsQuerySchema } from "@neonlab/shared/schemas/admin";
import { displayNameSchema, emailSchema, passwordSchema } from "@neonlab/shared/schemas/auth";
import { createOutboxMailer, createSmtpMailer } from "../adapters/mail/mailer.ts";
import { type Auth, createAuth } from "../auth/auth.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { createDatabase, type Database } from "../db/client.ts";
import { listFailedJobs } from "../jobs/failed-jobs.ts";
import { users } from "../modules/identity/accounts/schema.ts";
import { accessCommand, createGiveawayCommand, MONEY_USAGE, MoneyCliError } from "./admin-money.ts";
import { createProfile, ROLE_CHANGE_REFUSED, setRole } from "../modules/identity/service.ts";
import type { DbAccess } from "../transaction.ts";
import { dbAccessWithoutApp } from "../transaction-without-app.ts";

export const USAGE = `Usage: npm run admin -- <command> [options]

  create-user --email <e-mail> --role <admin|moderator|user> [--password <password>] [--name <display name>]
      Creates a confirmed account. Without --password, one is generated and printed once.
  set-role --email <e-mail> --role <admin|moderator|user>
      Changes the role of an existing account (takes effect on its next request).
${MONEY_USAGE}
  failed-jobs [--limit <1-200>]
      Lists background jobs (mail…) whose last retry failed, newest first. PostgreSQL only: with
      PGlite the running server holds DATA_DIR; ask it instead (GET /api/admin/jobs/failed as an admin).

Uses the server's configuration (DATABASE_URL, or PGlite in DATA_DIR). With PGlite, stop the server
first: the embedded database allows one process at a time.`;

/** Why failed-jobs does not open PGlite: the server that ran the jobs holds its data directory. */
export const FAILED_JOBS_ON_PGLITE =
  "failed-jobs reads PostgreSQL (DATABASE_URL). With PGlite the running server holds DATA_DIR and no second " +
  "process may open it: ask the server instead, GET /api/admin/jobs/failed with an admin's bearer token.";

/** A mistake of the operator: printed without a stack trace, exit code 1. */
export class CliError extends Error {}

export type AdminDeps = DbAccess & { auth: Auth };
type Opened = AdminDeps & { database: Database; close(): Promise<void> };
const COMMANDS = [
  "create-user",
  "set-role",
  "failed-jobs",
  "grant-access",
  "revoke-access",
  "create-giveaway",
] as const;
type Command = (typeof COMMANDS)[number];
const isCommand = (value: string | undefined): value is Command => COMMANDS.includes(value as Command);
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
  await createProfile(deps.transaction, user);
  const changed = await setRole(deps.transaction, email, role);
  if (!changed.ok) throw new CliError(ROLE_CHANGE_REFUSED[changed.reason](email));
  return { id: user.id, email, role, generatedPassword: generated };
}

/** Sets the role of the account with this e-mail (the same service as the admin page's route). */
export async function setRoleCommand(
  deps: AdminDeps,
  input: { email?: string; role?: string },
): Promise<{ id: string; email: string; role: Role; previous: Role }> {
  const email = check(emailSchema, input.email, "email");
  const role = check(roleSchema, input.role, "role");
  const changed = await setRole(deps.transaction, email, role);
  if (!changed.ok) throw new CliError(ROLE_CHANGE_REFUSED[changed.reason](email));
  return { id: changed.id, email, role: changed.role, previous: changed.previous };
}

/** Failed jobs, one or two lines each. */
export async function failedJobsCommand(
  database: Pick<Database, "executeSql">,
  input: { limit?: string },
): Promise<string[]> {
  const limit = check(failedJobsQuerySchema.shape.limit, input.limit, "limit");
  const jobs = await listFailedJobs(database.executeSql, limit);
  if (jobs.length === 0) return ["No failed jobs."];
  return jobs.flatMap((job) => [
    `${job.failed_at ?? job.created_at}  ${job.queue}  ${job.id}  ${job.summary}`,
    `    after ${job.attempts} attempt${job.attempts === 1 ? "" : "s"}: ${job.error}`,
  ]);
}

/** Opens the database and auth exactly as the server does, from the environment. */
export async function openFromConfig(command: Command): Promise<Opened> {
  const config = loadConfig();
  if (command === "failed-jobs" && !config.DATABASE_URL) throw new CliError(FAILED_JOBS_ON_PGLITE);
  const database: Database = createDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  const access = dbAccessWithoutApp(database);
  const log = { info: () => undefined };
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(database.db, log);
  // No worker runs here: a mail (none of these commands sends one) would go out directly.
  const auth = createAuth({
    config,
    ...access,
    sendMail: (mail) => mailer.send(mail),
    onError: (error, what) => console.error(what, error),
  });
  return {
    ...access,
    auth,
    database,
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
  open: (command: Command) => Promise<Opened> = openFromConfig,
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
  let deps: Opened | undefined;
  try {
    deps = await open(parsed.command);
    if (parsed.command === "failed-jobs") {
      for (const line of await failedJobsCommand(deps.database, parsed.values)) output.out(line);
    } else if (parsed.command === "grant-access" || parsed.command === "revoke-access") {
      output.out(await accessCommand(deps.db, parsed.values, parsed.command === "grant-access"));
    } else if (parsed.command === "create-giveaway") {
      output.out(await createGiveawayCommand(deps.database, parsed.values));
    } else if (parsed.command === "create-user") {
      const created = await createUserCommand(deps, parsed.values);
      output.out(`Created ${created.role} ${created.email} (id ${created.id}), e-mail confirmed.`);
      if (created.generatedPassword) output.out(`Generated password (shown once): ${created.generatedPassword}`);
    } else {
      const changed = await setRoleCommand(deps, parsed.values);
      output.out(`${changed.email}: role ${changed.previous} → ${changed.role}.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError || error instanceof MoneyCliError) {
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
      limit: { type: "string" },
      title: { type: "string" },
      prize: { type: "string" },
      winners: { type: "string" },
      ends: { type: "string" },
      starts: { type: "string" },
      "repeat-days": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return { help: true as const, command: undefined, values };
  const command = positionals[0];
  if (!isCommand(command)) {
    throw new CliError(command ? `Unknown command "${command}".` : "Missing command.");
  }
  if (positionals.length > 1) throw new CliError(`Unexpected argument "${positionals[1]}".`);
  if (command === "failed-jobs") {
    const others = Object.entries(values).filter(([key, value]) => key !== "limit" && value !== undefined);
    if (others.length > 0) throw new CliError("failed-jobs takes only --limit.");
    return { help: false as const, command, values };
  }
  const given = (keys: string[]) =>
    Object.entries(values).filter(([key, value]) => !keys.includes(key) && value !== undefined);
  if (command === "grant-access" || command === "revoke-access") {
    if (given(["email"]).length > 0) throw new CliError(`${command} takes only --email.`);
    if (values.email === undefined) throw new CliError("Missing --email.");
    return { help: false as const, command, values };
  }
  if (command === "create-giveaway") {
    if (given(["title", "prize", "winners", "ends", "starts", "repeat-days"]).length > 0)
      throw new CliError("create-giveaway takes --title, --prize, --ends, --winners, --starts and --repeat-days.");
    const absent = ["title", "prize", "ends"].filter((key) => values[key as "title"] === undefined);
    if (absent.length > 0) throw new CliError(`Missing ${absent.map((m) => `--${m}`).join(", ")}.`);
    return { help: false as const, command, values };
  }
  if (values.limit !== undefined) throw new CliError(`${command} does not take --limit.`);
  if (given(["email", "role", "password", "name"]).length > 0)
    throw new CliError(`${command} takes --email and --role (create-user also --password and --name).`);
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
