import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { envSchema } from "../config.ts";
import { type MoveReport, MoveRefused, moveToPostgres, safeUrl } from "./db-move.ts";

export const USAGE = `Usage: npm run db -- move --to <postgres://user:password@host:5432/database>

  move --to <url>
      Copies the embedded database (PGlite in DATA_DIR/pglite) into the empty PostgreSQL database at <url>:
      every table (accounts, sessions, progress, the ledger and balances, blogs, hacks, notifications, the job
      queue…) with its ids and sequences, in one transaction, checked before it commits (row counts, every user's
      books). Stop the server first: the embedded database allows one process at a time. Blog images stay where
      they are (DATA_DIR/media or S3); the output says how to carry them along.

Exit codes: 0 moved, 1 an error (nothing committed), 2 the target holds data (nothing changed).`;

type Output = { out: (line: string) => void; err: (line: string) => void };

/** Files and bytes under a folder (0 and 0 when there is none). */
function folderSize(dir: string): { files: number; bytes: number } {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

const size = (bytes: number) =>
  bytes < 1_048_576 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;

/** What the operator reads after a move: what was copied and checked, then what the database does not hold. */
export function moveSummary(
  report: MoveReport,
  where: { location: string; to: string; dataDir: string; s3Bucket?: string; secretSet: boolean },
): string[] {
  const rows = report.tables.reduce((sum, t) => sum + t.target, 0);
  const lines = [
    `Moved ${rows} rows in ${report.tables.length} tables from ${where.location} to ${safeUrl(where.to)}; ` +
      `${report.sequences} sequences set where they stood.`,
    `Checked: every table holds as many rows as in the embedded database, and the books of all ${report.users} ` +
      "users balance as they did (XP, NeonBits and streak freezes equal to the sums of their ledger rows).",
  ];
  if (report.unbalancedBefore.length > 0) {
    lines.push(
      `Note: ${report.unbalancedBefore.length} balance(s) did not equal their ledger sums in the embedded database ` +
        "already; they were copied as they were.",
    );
  }
  const media = join(where.dataDir, "media");
  if (where.s3Bucket) {
    lines.push(`Blog images are in the S3 bucket ${where.s3Bucket}: the database only names them, nothing to carry.`);
  } else {
    const { files, bytes } = folderSize(media);
    lines.push(
      `Blog images are NOT in the database: ${files} files (${size(bytes)}) stay on this disk in ${media}. ` +
        "Keep that folder with the new server (same DATA_DIR), or copy it into an S3-compatible bucket with the same " +
        `keys (e.g. \`aws s3 sync ${media} s3://<bucket>/\` or \`mc mirror ${media} <alias>/<bucket>\`) and set ` +
        'S3_BUCKET (docs/operating.md, "From the embedded database to PostgreSQL").',
    );
  }
  const secret = join(where.dataDir, "auth-secret");
  if (!where.secretSet && existsSync(secret)) {
    lines.push(
      `Sessions are signed with the secret in ${secret}: set BETTER_AUTH_SECRET to its contents on the new ` +
        "server(s), or everyone signs in again.",
    );
  }
  lines.push(
    `Next: start NeonLab with DATABASE_URL=${safeUrl(where.to)}. The embedded database is left as it was; remove ` +
      `${where.location} once the new server runs.`,
  );
  return lines;
}

/** The command line: help, the target's URL, or what is wrong with it. */
function parseArguments(argv: string[]): { help: true } | { to: string } | { problem: string } {
  let parsed: { positionals: string[]; values: { to?: string; help?: boolean } };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { to: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    return { problem: (error as Error).message };
  }
  const { positionals, values } = parsed;
  if (values.help) return { help: true };
  if (positionals[0] !== "move") {
    return { problem: positionals[0] ? `Unknown command "${positionals[0]}".` : "Missing command." };
  }
  if (positionals.length > 1) return { problem: `Unexpected argument "${positionals[1]}".` };
  if (!values.to) return { problem: "Missing --to <postgres://…>." };
  if (!/^postgres(ql)?:\/\/./.test(values.to)) {
    return { problem: "--to must be a PostgreSQL URL (postgres://user:password@host:5432/database)." };
  }
  return { to: values.to };
}

/** Parses argv, runs the command and returns the process exit code. */
export async function runDb(argv: string[], output: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const command = parseArguments(argv);
  if ("help" in command) {
    output.out(USAGE);
    return 0;
  }
  if ("problem" in command) {
    output.err(`${command.problem}\n\n${USAGE}`);
    return 1;
  }
  const parsedEnv = envSchema.safeParse(env);
  if (!parsedEnv.success) {
    output.err(`Invalid configuration: ${parsedEnv.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)}`);
    return 1;
  }
  const config = parsedEnv.data;
  if (config.DATABASE_URL) {
    output.err(
      `DATABASE_URL is set (${safeUrl(config.DATABASE_URL)}): this configuration uses PostgreSQL already. The move ` +
        "reads the embedded database in DATA_DIR; run it without DATABASE_URL.",
    );
    return 1;
  }
  // npm runs workspace scripts in apps/server: DATA_DIR is relative to where the command was typed.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
  const { to } = command;
  try {
    const report = await moveToPostgres({ dataDir, to, progress: output.out });
    const summary = moveSummary(report, {
      location: join(dataDir, "pglite"),
      to,
      dataDir,
      s3Bucket: config.S3_BUCKET,
      secretSet: Boolean(config.BETTER_AUTH_SECRET),
    });
    for (const line of summary) output.out(line);
    return 0;
  } catch (error) {
    if (error instanceof MoveRefused) {
      output.err(error.message);
      return error.exitCode;
    }
    output.err(
      `The move failed and nothing was committed: ${(error as Error).message}\n` +
        "The target keeps the app's empty schema; drop and create it again before the next attempt.",
    );
    return 1;
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  runDb(process.argv.slice(2), { out: console.log, err: console.error }).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
