// A backup as docs/operating.md ("Backups and restore") tells it, while the site runs: `pg_dump -Fc` of the
// database, then a copy of the media store's folder. Restored into a new database and a new store's folder, and
// served by one more instance: the user signs in and their blog image is served.
import { cpSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { call, check, expectStatus } from "./client.ts";
import type { User } from "./flows.ts";
import { command } from "./stack.ts";

/** `pg_dump -Fc` of the site's database into `file`; returns its size in bytes. */
export async function dumpDatabase(databaseUrl: string, file: string) {
  await command("pg_dump", ["-Fc", "-d", databaseUrl, "-f", file]);
  return statSync(file).size;
}

/** Into an empty database (created here): `pg_restore --no-owner`, as the docs say. */
export async function restoreDatabase(adminUrl: string, name: string, file: string) {
  await command("psql", [adminUrl, "-v", "ON_ERROR_STOP=1", "-qc", `create database "${name}"`]);
  await command("pg_restore", ["--no-owner", "--exit-on-error", "-d", databaseUrlFor(adminUrl, name), file]);
}

export function databaseUrlFor(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The media store's folder copied (as `mc mirror` or `aws s3 sync` would); returns the number of files. */
export function copyMedia(from: string, to: string) {
  cpSync(from, to, { recursive: true });
  return readdirSync(to, { recursive: true }).filter((entry) => statSync(join(to, String(entry))).isFile()).length;
}

/** On the restored instance (directly): the user signs in with their password, and their image is served. */
export async function checkRestored(base: string, origin: string, user: User, imageUrl: string, image: Buffer) {
  const signIn = await call(base, "/api/auth/sign-in/email", {
    origin,
    body: { email: user.email, password: user.password },
  });
  expectStatus(signIn, 200, "sign-in on the restored site");
  const token = signIn.headers.get("set-auth-token");
  check(token, "no session after signing in on the restored site");
  const profile = expectStatus(await call(base, "/api/profile", { origin, token }), 200, "profile");
  const { xp, neonbits, has_access } = profile.json<{ xp: number; neonbits: number; has_access: boolean }>();
  const served = await fetch(`${base}${imageUrl}`);
  const bytes = Buffer.from(await served.arrayBuffer());
  check(served.status === 200, `the restored site answered ${served.status} for ${imageUrl}`);
  check(bytes.equals(image), "the restored site served other bytes for the blog image");
  return { xp, neonbits, has_access };
}
