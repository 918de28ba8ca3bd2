import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

const boolean = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** "true"/"false" when set, undefined when not: the caller picks the default. */
const optionalBoolean = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: http://localhost:$PORT (see resolvedEnv). */
  PUBLIC_URL: optional.pipe(z.url().optional()),
  CORS_ORIGIN: optional,
  DATABASE_URL: optional.pipe(z.url().optional()),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(1000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(1500),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  DATA_DIR: z.string().default("./data"),
  REDIS_URL: optional.pipe(z.url().optional()),
  REDIS_PREFIX: z.string().default("neonlab:"),
  BETTER_AUTH_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().default("NeonLab <no-reply@neonlab.local>"),
  OPERATOR_EMAIL: z.email().default("operator@neonlab.local"),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  GITHUB_CLIENT_ID: optional,
  GITHUB_CLIENT_SECRET: optional,
  GITHUB_AUTHORIZE_URL: z.url().default("https://github.com/login/oauth/authorize"),
  GITHUB_TOKEN_URL: z.url().default("https://github.com/login/oauth/access_token"),
  GITHUB_API_URL: z.url().default("https://api.github.com"),
  TRUST_PROXY: boolean,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Stripe's API origin (default api.stripe.com): a local fake in tests. */
  STRIPE_API_URL: optional.pipe(z.url().optional()),
  /** Blog images in an S3-compatible store (decision 026); without S3_BUCKET they go under DATA_DIR/media. */
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.pipe(z.url().optional()),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: boolean.default(true),
  OPENAI_BASE_URL: optional.pipe(z.url().optional()),
  OPENAI_API_KEY: optional,
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  /** The AI tutor: longest wait for the model's first token, then between two chunks. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** After SIGTERM: how long /api/ready answers 503 while the server still serves, before it closes (0: at once). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  WEB_DIST: z.string().default(resolve(import.meta.dirname, "../../web/dist")),
  IMPORT_CONTENT: boolean.default(true),
  /** Demo community content on a database's first start (content/demo/, docs/decisions/042); never in production. */
  DEMO_CONTENT: optionalBoolean,
  CONTENT_DIR: z.string().default(resolve(import.meta.dirname, "../../../content")),
  AUTH_RATE_LIMIT: boolean.default(true),
  BUILD_ID: optional,
  DEV_OUTBOX: optionalBoolean,
  /** Where hack code runs: another host name than PUBLIC_URL's (decision 028). */
  PREVIEW_ORIGIN: optional.pipe(z.url().optional()),
  /** The preview site's listener (default PORT + 1). */
  PREVIEW_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = Omit<ParsedEnv, "PUBLIC_URL"> & { PUBLIC_URL: string };
export type Config = Env & {
  authSecret: string;
  dataDir: string;
  corsOrigin: string;
  isProduction: boolean;
  /** Whether GET /api/dev/outbox exists: it shows every mailed code and link, so only on a local install. */
  devOutbox: boolean;
  /** Whether a start seeds the demo content into a database that never had it: DEMO_CONTENT, never in production. */
  demoContent: boolean;
  /** The preview site's origin (hack code runs there, never on the app's site) and its listener's port. */
  previewOrigin: string;
  previewPort: number;
};

export class ConfigError extends Error {}

/**
 * The AI tutor's variables also answer to the `AI_*` names; when both are set the `OPENAI_*` one wins
 * (it is the documented name, and an `AI_*` variable may belong to another tool in the same environment).
 */
export const ENV_ALIASES = { OPENAI_BASE_URL: "AI_BASE_URL", OPENAI_API_KEY: "AI_API_KEY", OPENAI_MODEL: "AI_MODEL" };

function withAliases(source: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; from: Map<string, string> } {
  const env = { ...source };
  const from = new Map<string, string>();
  for (const [name, alias] of Object.entries(ENV_ALIASES)) {
    if (!env[name] && source[alias]) {
      env[name] = source[alias];
      from.set(name, alias);
    }
  }
  return { env, from };
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const aliased = withAliases(source);
  const parsed = envSchema.safeParse(aliased.env);
  if (!parsed.success) {
    const name = (path: PropertyKey[]) => aliased.from.get(path.join(".")) ?? path.join(".");
    const lines = parsed.error.issues.map((issue) => `  ${name(issue.path)}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = resolvedEnv(parsed.data);
  const isProduction = env.NODE_ENV === "production";
  const dataDir = resolve(env.DATA_DIR);
  if (isProduction && !env.BETTER_AUTH_SECRET) {
    throw new ConfigError("Invalid configuration:\n  BETTER_AUTH_SECRET: required when NODE_ENV=production");
  }
  return {
    ...env,
    dataDir,
    isProduction,
    corsOrigin: env.CORS_ORIGIN ?? new URL(env.PUBLIC_URL).origin,
    authSecret: env.BETTER_AUTH_SECRET ?? localSecret(dataDir, env.NODE_ENV === "test"),
    devOutbox: !isProduction && (env.DEV_OUTBOX ?? isLocalOnly(env)),
    demoContent: !isProduction && (env.DEMO_CONTENT ?? true),
    ...previewSite(env, isProduction),
  };
}

/** Without PUBLIC_URL the app is reached at localhost on its own port (3000 when the port is chosen at listen). */
function resolvedEnv(env: ParsedEnv): Env {
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}` };
}

/**
 * A PUBLIC_URL on this machine whose port is not the one the server listens on: sign-in would answer "Invalid
 * origin" to a browser at the listening port. One line saying which variable to set, or null.
 */
export function publicUrlMismatch(config: Config): string | null {
  const url = new URL(config.PUBLIC_URL);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (!isLoopbackHost(url.hostname) || config.PORT === 0 || port === config.PORT) return null;
  return `PUBLIC_URL is ${config.PUBLIC_URL} but the server listens on port ${config.PORT}: sign-in works only at PUBLIC_URL's address. Set PUBLIC_URL to the address you open NeonLab at (or leave it unset for http://localhost:${config.PORT}).`;
}

/**
 * The preview site (decision 028): PREVIEW_ORIGIN, or on a loopback install the other loopback name
 * (127.0.0.1 when the app is reached as localhost, and the reverse) on PREVIEW_PORT (default PORT + 1).
 * It must be another host name: cookies are shared across the ports of one host.
 */
function previewSite(env: Env, isProduction: boolean): { previewOrigin: string; previewPort: number } {
  const previewPort = env.PREVIEW_PORT ?? (env.PORT === 0 ? 0 : Math.min(env.PORT + 1, 65535));
  const app = new URL(env.PUBLIC_URL);
  if (!env.PREVIEW_ORIGIN && isProduction && !isLoopbackHost(app.hostname)) {
    throw new ConfigError(
      "Invalid configuration:\n  PREVIEW_ORIGIN: required when NODE_ENV=production (hack code runs on another site)",
    );
  }
  const previewOrigin = env.PREVIEW_ORIGIN
    ? new URL(env.PREVIEW_ORIGIN).origin
    : `${app.protocol}//${app.hostname === "127.0.0.1" ? "localhost" : "127.0.0.1"}:${previewPort}`;
  if (new URL(previewOrigin).hostname === app.hostname) {
    throw new ConfigError(
      "Invalid configuration:\n  PREVIEW_ORIGIN: must be another host name than PUBLIC_URL's (cookies are shared across ports)",
    );
  }
  return { previewOrigin, previewPort };
}

const LOOPBACK_HOSTS = new Set(["localhost", "::1", "[::1]", "::ffff:127.0.0.1"]);

/** A loopback name or address (127.0.0.0/8, ::1, localhost): reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  return LOOPBACK_HOSTS.has(name) || /^127(\.\d{1,3}){3}$/.test(name) || name.endsWith(".localhost");
}

/** Listening on loopback and reached at a loopback address: nobody else can reach it, not even through a proxy. */
function isLocalOnly(env: Env): boolean {
  return isLoopbackHost(env.HOST) && isLoopbackHost(new URL(env.PUBLIC_URL).hostname);
}

/**
 * On an address others can reach, what a real install must set: one line naming what is missing, or
 * null when nothing is (or the server listens on loopback only).
 */
export function exposureWarning(config: Config, source: NodeJS.ProcessEnv = process.env): string | null {
  if (isLoopbackHost(config.HOST)) return null;
  const missing = [
    !source.PUBLIC_URL && "PUBLIC_URL (the address users reach)",
    !source.BETTER_AUTH_SECRET && "BETTER_AUTH_SECRET (signs sessions)",
    !config.SMTP_URL && "SMTP_URL (mail is only kept in the local outbox)",
  ].filter(Boolean);
  if (missing.length === 0) return null;
  return `NeonLab listens on ${config.HOST}, reachable from the network, but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set; see "Running in production" in README.md.`;
}

/** Outside production a secret is generated once and kept in DATA_DIR, never in the repo. */
function localSecret(dataDir: string, ephemeral: boolean): string {
  if (ephemeral) return randomBytes(32).toString("hex");
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
