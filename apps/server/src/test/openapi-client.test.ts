import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the openapi-tools workspace (openapi-typescript needs TypeScript 5)
import { generateTypes } from "../../../../packages/openapi-tools/generate.mjs";
import { createLearningApp } from "../modules/learning/test-helpers.ts";
import { createUser } from "./users.ts";

/**
 * Proof that the OpenAPI document is usable by a client generator: types are generated from the document
 * the running app serves (openapi-typescript), a client written against them (openapi-fetch) must
 * type-check with them (TypeScript 5's tsc, with one deliberate misuse that must NOT type-check), and the
 * same client then drives real flows against the app listening on a port. Sign-in is Better Auth's
 * (/api/auth/*, outside the document): the test signs up through it and hands the client a bearer token.
 */
const ROOT = resolve(import.meta.dirname, "../../../..");
const DIR = join(ROOT, ".scratch", `openapi-client-${process.pid}`);
const run = promisify(execFile);

const app = await createLearningApp();
await app.listen({ port: 0, host: "127.0.0.1" });
const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** The client's flows, written against the generated `paths` (type-checked, then run). */
const FLOWS = `import createClient from "openapi-fetch";
import type { paths } from "./api.ts";

export async function flows(baseUrl: string, token: string) {
  const anonymous = createClient<paths>({ baseUrl });
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });

  const health = await anonymous.GET("/api/health");
  const courses = await anonymous.GET("/api/courses/public");
  const slug: string = courses.data?.[0]?.slug ?? "none";
  const course = await client.GET("/api/courses/{slug}", { params: { path: { slug } } });
  const missing = await client.GET("/api/courses/{slug}", { params: { path: { slug: "no-such-course" } } });
  const missingMessage: string | undefined = missing.error?.message;
  const profile = await client.GET("/api/profile");
  const streak = await client.GET("/api/users/streak");
  const requested = await client.POST("/api/users/data-export");
  const status = await client.GET("/api/users/data-export");
  const unauthorized = await anonymous.GET("/api/profile");
  return {
    health: health.response.status,
    courseCount: courses.data?.length ?? 0,
    courseSlug: course.data?.slug,
    missing: { status: missing.response.status, message: missingMessage },
    username: profile.data?.username,
    streakCount: streak.data?.count,
    requested: requested.data?.status,
    exportStatus: status.data?.status,
    unauthorized: { status: unauthorized.response.status, message: unauthorized.error?.message },
  };
}

// The generated types bite: an unknown path and a missing path parameter do not compile.
export async function misuse(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  // @ts-expect-error: no such operation in the document
  await client.GET("/api/no-such-route");
  // @ts-expect-error: the path parameter is required
  await client.GET("/api/courses/{slug}", {});
}
`;

describe("a typed client generated from the OpenAPI document", () => {
  it("type-checks against the generated types and drives real flows", { timeout: 120_000 }, async () => {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(join(DIR, "api.ts"), await generateTypes(await (await fetch(`${baseUrl}/api/docs/json`)).json()));
    writeFileSync(join(DIR, "flows.ts"), FLOWS);

    const tsc = join(ROOT, "packages/openapi-tools/node_modules/typescript/bin/tsc");
    const options = ["--noEmit", "--strict", "--target", "es2022", "--module", "esnext"];
    const compiled = await run(
      process.execPath,
      [tsc, ...options, "--moduleResolution", "bundler", "--skipLibCheck", join(DIR, "flows.ts")],
      { cwd: ROOT },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }));
    expect(compiled.stdout).toBe("");

    const user = await createUser(app, { displayName: "Typed Client" });
    const { flows } = (await import(join(DIR, "flows.ts"))) as {
      flows: (baseUrl: string, token: string) => Promise<Record<string, unknown>>;
    };
    const result = await flows(baseUrl, user.token);
    expect(result).toMatchObject({
      health: 200,
      courseSlug: expect.any(String),
      missing: { status: 404 },
      streakCount: 0,
      requested: "pending",
      exportStatus: expect.stringMatching(/pending|ready/),
      unauthorized: { status: 401, message: "You need to sign in to do that." },
    });
    expect(result.courseCount).toBeGreaterThan(0);
    expect(result.username).toMatch(/\w+/);
    expect((result.missing as { message: string }).message).toMatch(/\w/);
  });
});
