import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import { JOB_NAMES } from "../jobs/job-types.ts";
import type { ModuleManifest, ModuleParts } from "./module-manifest.ts";
import { MODULES } from "./modules.ts";
import { accountHooksOf, registerModules, signedInHooksOf } from "./register-modules.ts";

const MODULES_DIR = join(import.meta.dirname, "../modules");
const ROUTE_FILE = /^([a-z-]+-)?routes\.ts$/;
const folders = readdirSync(MODULES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
/** A module's route files, in its folder or in the sub-folders of its parts, relative to the module's folder. */
const routeFilesOf = (folder: string) =>
  readdirSync(join(MODULES_DIR, folder), { recursive: true, encoding: "utf8" }).filter((file) =>
    ROUTE_FILE.test(file.split("/").pop()!),
  );

/** What registerModules wires for each manifest, recorded instead of run (no routes: those need a whole app). */
async function recordWiring() {
  const wired: { module: string; kind: "event" | "job"; what: string }[] = [];
  for (const manifest of MODULES) {
    const record = (kind: "event" | "job", what: string) => wired.push({ module: manifest.name, kind, what });
    const ctx = {
      config: { devOutbox: true },
      events: {
        onInTransaction: (event: string) => record("event", `${event} inTransaction`),
        onInStatement: (event: string) => record("event", `${event} inStatement`),
        onAfterCommit: (event: string) => record("event", `${event} afterCommit`),
      },
      jobs: { work: async (name: string) => record("job", name) },
    } as unknown as AppContext;
    const wiringOnly: ModuleManifest = { ...manifest, routes: undefined, timers: undefined };
    await registerModules({} as FastifyInstance, ctx, [wiringOnly]);
  }
  return wired;
}

describe("the module list (app/modules.ts)", () => {
  it("holds the manifest of every module folder with routes, and every manifest there is", async () => {
    const listed = new Set(MODULES);
    const missing: string[] = [];
    for (const folder of folders) {
      const files = readdirSync(join(MODULES_DIR, folder.name));
      const hasRoutes = routeFilesOf(folder.name).length > 0;
      if (!files.includes("manifest.ts")) {
        if (hasRoutes) missing.push(`${folder.name}: routes but no manifest.ts`);
        continue;
      }
      const { manifest } = (await import(join(MODULES_DIR, folder.name, "manifest.ts"))) as {
        manifest: ModuleManifest | ModuleParts;
      };
      const parts = typeof manifest.name === "string" ? [manifest as ModuleManifest] : Object.values(manifest);
      for (const part of parts) {
        if (!listed.has(part)) missing.push(`${folder.name}/manifest.ts is not in the list`);
        if (part.name !== folder.name) missing.push(`${folder.name}/manifest.ts is named ${part.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("registers every route plugin a module's routes files export, each under a name of its own", async () => {
    const unregistered: string[] = [];
    const plugins = new Set(MODULES.flatMap((m) => Object.values(m.routes ?? {})));
    for (const folder of folders) {
      for (const file of routeFilesOf(folder.name)) {
        const exports = (await import(join(MODULES_DIR, folder.name, file))) as Record<string, unknown>;
        for (const [name, value] of Object.entries(exports)) {
          if (name.endsWith("Routes") && !plugins.has(value as never))
            unregistered.push(`${folder.name}/${file}: ${name}`);
        }
      }
    }
    expect(unregistered).toEqual([]);
    const names = MODULES.flatMap((m) => Object.keys(m.routes ?? {}));
    expect(new Set(names).size).toBe(names.length);
  });

  it("says what an account deletion does, module by module, in the order it runs", async () => {
    const wired = await recordWiring();
    const onDeletion = wired
      .filter((w) => w.kind === "event" && w.what.startsWith("account.deleted "))
      .map((w) => `${w.module}: ${w.what.slice("account.deleted ".length)}`);
    expect(onDeletion).toEqual([
      "core: afterCommit",
      "connections: inTransaction",
      "notifications: inTransaction",
      "payments: inTransaction",
      "payments: afterCommit",
      "blogs: inTransaction",
      "blogs: afterCommit",
      "hacks: inTransaction",
      "classrooms: inTransaction",
    ]);
  });

  it("gives every job kind exactly one worker", async () => {
    const workers = (await recordWiring()).filter((w) => w.kind === "job");
    expect(workers.map((w) => `${w.what} (${w.module})`).sort()).toEqual([
      "cancel-subscription (payments)",
      "giveaway-draw (shop)",
      "prepare-data-export (identity)",
      "send-mail (core)",
    ]);
    expect(workers.map((w) => w.what).sort()).toEqual([...JOB_NAMES].sort());
  });

  it("names what a new or confirmed account sets off, in the order it runs", () => {
    const hooks = accountHooksOf(MODULES, { devOutbox: true } as Config).map(
      ({ module, ...hook }) => `${module}: ${Object.keys(hook).join(", ")}`,
    );
    expect(hooks).toEqual(["connections: created, confirmed"]);
  });

  it("names what each signed-in request sets off, in the order it runs", () => {
    const hooks = signedInHooksOf(MODULES, { devOutbox: true } as Config).map((hook) => hook.name);
    expect(hooks).toEqual(["progress: presence"]);
  });

  it("names the sites served beside the app, each on a listener of its own", () => {
    const sites = MODULES.flatMap((m) => (m.sites ?? []).map((site) => `${m.name}: ${site.name}`));
    expect(sites).toEqual(["hacks: hack preview"]);
  });

  it("names the timers that run on each instance", () => {
    const timers = MODULES.flatMap((m) => (m.timers ?? []).map((t) => `${m.name}: ${t.name} every ${t.everyMs} ms`));
    expect(timers).toEqual(["progress: rank histogram fold every 2000 ms"]);
  });
});
