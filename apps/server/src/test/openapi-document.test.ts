import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerModule } from "../lib/openapi/modules.ts";
import { fallbackOperationId } from "../lib/openapi/operation.ts";
import { createTestApp } from "./test-app.ts";

/**
 * The OpenAPI document holds for every route, including ones written after this test: each operation has
 * a human summary (the one thing that can not be derived: this test fails without it, the server does not),
 * a unique operationId, tags, a security requirement matching `config.auth`, and its error answers in the
 * standard error shape. A bare route added by a test plugin (no tags, no operationId, a path parameter, a
 * rate limit) gets all of them derived, and the whole document passes Redocly's recommended rules with
 * no warning (the same check as `npm run lint:openapi` in CI).
 */
const ROOT = resolve(import.meta.dirname, "../../../..");
const run = promisify(execFile);

const app = await createTestApp({
  env: { PUBLIC_URL: "https://neonlab.example" },
  register: async (app) =>
    registerModule(
      app,
      "newmodule",
      async (scope) => {
        scope.get(
          "/api/newmodule/things/:thingId",
          { config: { rateLimit: { max: 5, timeWindow: 60_000 } }, schema: { summary: "One thing" } },
          async () => ({}),
        );
        scope.withTypeProvider<import("fastify-type-provider-zod").ZodTypeProvider>().post(
          "/api/newmodule/things",
          {
            config: { auth: "optional" },
            schema: { summary: "Add a thing", body: z.object({ name: z.string().nullable() }) },
          },
          async () => ({}),
        );
      },
      app.ctx,
    ),
});

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
const doc = app.swagger() as unknown as {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
);

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 with servers from PUBLIC_URL", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "https://neonlab.example", description: "This installation" }]);
    expect(operations.length).toBeGreaterThan(30);
  });

  it("gives every operation a human summary (write one in the route's schema)", () => {
    const missing = operations.filter(({ op }) => !op.summary || op.summary.trim().length < 5).map((o) => o.key);
    expect(missing).toEqual([]);
  });

  it("gives every operation a unique camelCase operationId, tags, a security requirement and its errors", () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, op } of operations) {
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(op.tags?.length, key).toBe(1);
      expect(op.security, key).toBeDefined();
      // 503 too, though a route may declare its own body for it (GET /api/ready).
      expect(op.responses["503"], key).toBeDefined();
      for (const status of ["400", "500"]) {
        expect(op.responses[status]?.content?.["application/json"]?.schema.$ref, `${key} ${status}`).toBe(
          "#/components/schemas/Error",
        );
      }
    }
  });

  it("derives what a new route does not say: tag, operationId, security, 401/404/429", () => {
    const thing = doc.paths["/api/newmodule/things/{thingId}"]?.get;
    expect(thing?.tags).toEqual(["newmodule"]);
    expect(thing?.operationId).toBe("getNewmoduleThingsByThingId");
    expect(thing?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(thing?.responses ?? {})).toEqual(["200", "400", "401", "404", "429", "500", "503"]);
    const add = doc.paths["/api/newmodule/things"]?.post;
    expect(add?.security).toEqual([{ bearer: [] }, {}]);
    expect(Object.keys(add?.responses ?? {})).not.toContain("401");
    expect(Object.keys(add?.responses ?? {})).toContain("422");
    // Public routes need no session; admin routes say they can refuse.
    expect(doc.paths["/api/health"]?.get?.security).toEqual([]);
    expect(doc.paths["/api/admin/jobs/failed"]?.get?.responses["403"]).toBeDefined();
  });

  it("names operationIds from method and path", () => {
    expect(fallbackOperationId("GET", "/api/courses/:slug/lessons/:lessonSlug")).toBe(
      "getCoursesBySlugLessonsByLessonSlug",
    );
    expect(fallbackOperationId("DELETE", "/api/users")).toBe("deleteUsers");
    expect(fallbackOperationId("GET", "/api/content-assets/:course/*")).toBe("getContentAssetsByCourseByPath");
  });

  it("passes Redocly's recommended rules with no error and no warning", { timeout: 60_000 }, async () => {
    const file = join(mkdtempSync(join(tmpdir(), "openapi-")), "openapi.json");
    writeFileSync(file, JSON.stringify(doc));
    const result = await run(
      join(ROOT, "node_modules/.bin/redocly"),
      ["lint", file, "--config", join(ROOT, "redocly.yaml"), "--format", "stylish"],
      { cwd: ROOT },
    ).catch((error: { stdout: string; stderr: string }) => error);
    expect(`${result.stdout}${result.stderr}`).toContain("Your API description is valid");
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/warning/i);
  });
});
