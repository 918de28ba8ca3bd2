// The container files (Dockerfile, compose.yaml, Caddyfile, .env.example) are not built or run by the test suite:
// this checks them against what they name in the repository instead: npm scripts, files, ports, the production
// start, and the variables the server reads (apps/server/src/config.ts).
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ENV_ALIASES, envSchema, loadConfig } from "../apps/server/src/config.ts";
import { currentServerBundle } from "./build-server.mjs";

const root = resolve(import.meta.dirname, "..");
const read = (file) => readFileSync(join(root, file), "utf8");
const pkg = JSON.parse(read("package.json"));
/** Every variable config.ts reads: its schema's and the AI_* aliases. */
const CONFIG_VARIABLES = new Set([...Object.keys(envSchema.shape), ...Object.values(ENV_ALIASES)]);
/** Read by compose.yaml alone (the database's password for the postgres service), never by the server. */
const COMPOSE_ONLY = new Set(["POSTGRES_PASSWORD"]);

/** Dockerfile instructions, continuation lines joined, comments dropped, each with the stage it belongs to. */
function dockerfile(text) {
  const joined = text
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\\\n/g, " ");
  const instructions = [];
  let stage = null;
  for (const line of joined.split("\n").map((l) => l.trim())) {
    if (!line) continue;
    const [, keyword, args] = /^(\S+)\s+(.*)$/.exec(line);
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim() };
    if (instruction.keyword === "FROM") stage = /\bAS\s+(\S+)$/i.exec(args)?.[1] ?? null;
    instructions.push({ ...instruction, stage });
  }
  return instructions;
}

/** `NAME=value` pairs of ENV instructions (the form with "="). */
const envOf = (instructions) =>
  Object.fromEntries(
    instructions
      .filter((i) => i.keyword === "ENV")
      .flatMap((i) => [...i.args.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1], m[2]])),
  );

const npmScriptsIn = (text) => [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]);
const workspacePackages = pkg.workspaces.map((w) => `${w}/package.json`);

describe("Dockerfile", () => {
  const instructions = dockerfile(read("Dockerfile"));
  const stages = instructions.filter((i) => i.keyword === "FROM");
  const final = instructions.filter((i) => i.stage === stages.at(-1).stage);
  const finalEnv = envOf(final);
  const port = Number(finalEnv.PORT);

  it("builds every stage on node:24-slim, runs npm ci then npm run build:prod, and only npm scripts that exist", () => {
    for (const from of stages) expect(from.args.split(/\s+/)[0]).toBe("node:24-slim");
    const runs = instructions.filter((i) => i.keyword === "RUN").map((i) => i.args);
    for (const script of runs.flatMap(npmScriptsIn)) expect(pkg.scripts, script).toHaveProperty(script);
    const build = instructions.filter((i) => i.stage === stages[0].stage && i.keyword === "RUN").map((i) => i.args);
    const ci = build.findIndex((r) => /^npm ci\b/.test(r) && !r.includes("--omit"));
    expect(ci).toBeGreaterThanOrEqual(0);
    expect(ci).toBeLessThan(build.indexOf("npm run build:prod"));
  });

  it("copies files that exist, every workspace's package.json before each npm ci, and the builds where they are made", () => {
    for (const stage of stages.map((s) => s.stage)) {
      const own = instructions.filter((i) => i.stage === stage);
      const copies = own.filter((i) => i.keyword === "COPY" && !i.args.startsWith("--from"));
      for (const copy of copies) {
        const sources = copy.args.split(/\s+/).slice(0, -1);
        for (const source of sources) expect(existsSync(join(root, source)), source).toBe(true);
      }
      const ci = own.findIndex((i) => i.keyword === "RUN" && i.args.startsWith("npm ci"));
      const copiedBefore = own
        .slice(0, ci)
        .filter((i) => i.keyword === "COPY")
        .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
      for (const file of ["package.json", "package-lock.json", ...workspacePackages]) {
        expect(copiedBefore, `${stage}: ${file}`).toContain(file);
      }
    }
    const fromBuild = final.filter((i) => i.keyword === "COPY" && i.args.startsWith(`--from=${stages[0].stage}`));
    const webDist = relative(root, envSchema.shape.WEB_DIST.parse(undefined));
    const serverDist = relative(root, resolve(currentServerBundle().folder, ".."));
    expect(fromBuild.map((i) => i.args.split(/\s+/).slice(1))).toEqual([
      [`/app/${webDist}`, webDist],
      [`/app/${serverDist}`, serverDist],
    ]);
    // The copies of the builds come after the sources', which .dockerignore keeps free of builds and packages.
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["**/node_modules", webDist, serverDist, "data", ".env"]) expect(ignored).toContain(entry);
  });

  it("starts with the production start as a user without privileges, checked on /api/ready", () => {
    const cmd = final.filter((i) => i.keyword === "CMD").at(-1);
    expect(JSON.parse(cmd.args)).toEqual(pkg.scripts["start:prod"].split(" "));
    const user = final.findLast((i) => i.keyword === "USER");
    expect(user.args).not.toMatch(/^(root|0)(:|$)/);
    expect(final.indexOf(user)).toBeLessThan(final.indexOf(cmd));
    const health = final.find((i) => i.keyword === "HEALTHCHECK");
    expect(health.args).toContain("/api/ready");
    expect(health.args).toContain("process.env.PORT");
    expect(read("apps/server/src/modules/platform/system/routes.ts")).toContain('"/api/ready"');
  });

  it("sets only variables config.ts reads, for production on the network, and exposes the app's and preview's ports", () => {
    for (const name of Object.keys(finalEnv)) expect(CONFIG_VARIABLES, name).toContain(name);
    expect(finalEnv.NODE_ENV).toBe("production");
    expect(finalEnv.HOST).toBe("0.0.0.0");
    const exposed = final.filter((i) => i.keyword === "EXPOSE").flatMap((i) => i.args.split(/\s+/).map(Number));
    // PREVIEW_PORT's default is PORT + 1 (config.ts).
    expect(exposed).toEqual([port, port + 1]);
  });
});

describe("compose.yaml and the Caddyfile", () => {
  const composeText = read("compose.yaml");
  const compose = parse(composeText);
  const { postgres, redis, minio, caddy } = compose.services;
  /** The app's instances: one service each (app-1, app-2), so each restarts while the other serves. */
  const appServices = Object.keys(compose.services).filter((name) => /^app-\d+$/.test(name));
  const app = compose.services[appServices[0]];
  /** compose's `${NAME…}` replaced by a sample value, as `docker compose` would with a filled-in .env. */
  const sample = (value) =>
    String(value).replace(/\$\{([A-Z_][A-Z0-9_]*)[^}]*\}/g, (_, name) =>
      name === "PUBLIC_URL"
        ? "https://neonlab.example"
        : name === "PREVIEW_ORIGIN"
          ? "https://neonlab-preview.example"
          : `${name.toLowerCase()}-value-long-enough-for-a-secret`,
    );
  const appEnv = Object.fromEntries(Object.entries(app.environment).map(([k, v]) => [k, sample(v)]));

  it("runs two instances of the Dockerfile's image with PostgreSQL, Redis, MinIO and Caddy", () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(["app-1", "app-2", "postgres", "redis", "minio", "caddy"]),
    );
    expect(appServices).toEqual(["app-1", "app-2"]);
    // The same definition (one YAML anchor), so the instances can not drift apart.
    for (const name of appServices) expect(compose.services[name], name).toEqual(app);
    expect(app.build).toBe(".");
    expect(existsSync(join(root, "Dockerfile"))).toBe(true);
    expect(app.deploy?.replicas).toBeUndefined();
    expect(Number(/^postgres:(\d+)/.exec(postgres.image)?.[1])).toBeGreaterThanOrEqual(15);
    expect(redis.image).toMatch(/^redis:/);
    expect(minio.image).toMatch(/^minio\//);
    expect(caddy.image).toMatch(/^caddy:/);
  });

  it("gives the app a configuration config.ts accepts in production, with the services' addresses", () => {
    for (const name of Object.keys(app.environment)) expect(CONFIG_VARIABLES, name).toContain(name);
    const config = loadConfig(appEnv);
    expect(config.isProduction).toBe(true);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.REDIS_URL).toBeDefined();
    const dockerEnv = envOf(dockerfile(read("Dockerfile")));
    expect(config.PORT).toBe(Number(dockerEnv.PORT));
    expect(app.expose.map(Number)).toEqual([config.PORT, config.previewPort]);
    const database = new URL(config.DATABASE_URL);
    expect([database.hostname, database.port, database.pathname.slice(1), database.username]).toEqual([
      "postgres",
      "5432",
      postgres.environment.POSTGRES_DB,
      postgres.environment.POSTGRES_USER,
    ]);
    expect(new URL(config.REDIS_URL).hostname).toBe("redis");
    expect(new URL(config.S3_ENDPOINT).host).toBe("minio:9000");
    expect(config.S3_BUCKET).toBeTruthy();
    // MinIO's root user is the app's S3 key.
    expect(minio.environment.MINIO_ROOT_USER).toMatch(/^\$\{S3_ACCESS_KEY_ID\b/);
    expect(minio.environment.MINIO_ROOT_PASSWORD).toMatch(/^\$\{S3_SECRET_ACCESS_KEY\b/);
    for (const [service, condition] of [
      ["postgres", "service_healthy"],
      ["redis", "service_healthy"],
      ["minio-bucket", "service_completed_successfully"],
    ]) {
      expect(app.depends_on[service]?.condition, service).toBe(condition);
    }
  });

  it("interpolates only config.ts's variables and POSTGRES_PASSWORD; npm scripts it names exist", () => {
    const interpolated = new Set([...composeText.matchAll(/(?<!\$)\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1]));
    for (const name of interpolated) expect(CONFIG_VARIABLES.has(name) || COMPOSE_ONLY.has(name), name).toBe(true);
    for (const script of npmScriptsIn(composeText)) expect(pkg.scripts).toHaveProperty(script);
  });

  it("has Caddy serve PUBLIC_URL from every instance's app port and PREVIEW_ORIGIN from its preview port", () => {
    const mount = caddy.volumes.find((v) => v.endsWith(":/etc/caddy/Caddyfile:ro"));
    const file = mount.split(":")[0];
    expect(existsSync(join(root, file))).toBe(true);
    expect(Object.keys(caddy.environment).sort()).toEqual(["PREVIEW_ORIGIN", "PUBLIC_URL"]);
    expect(caddy.ports).toEqual(expect.arrayContaining(["80:80", "443:443"]));
    expect(caddy.depends_on).toEqual(appServices);
    const config = loadConfig(appEnv);
    const sites = caddySites(read(file));
    expect(Object.keys(sites)).toEqual(["{$PUBLIC_URL}", "{$PREVIEW_ORIGIN}"]);
    const upstreams = (port) => `reverse_proxy ${appServices.map((name) => `${name}:${port}`).join(" ")} {`;
    expect(sites["{$PUBLIC_URL}"]).toContain(upstreams(config.PORT));
    expect(sites["{$PREVIEW_ORIGIN}"]).toContain(upstreams(config.previewPort));
  });

  it("restarts an instance without a failed request: health checks on /api/ready, a drain longer than a check", () => {
    const sites = caddySites(read("Caddyfile"));
    const config = loadConfig(appEnv);
    const option = (site, name) => new RegExp(`^\\s*${name} (\\S+)$`, "m").exec(sites[site])?.[1];
    const seconds = (duration) => Number(/^(\d+)s$/.exec(duration)?.[1]);
    for (const site of Object.keys(sites)) {
      expect(option(site, "health_uri"), site).toBe("/api/ready");
      expect(seconds(option(site, "lb_try_duration")), site).toBeGreaterThan(0);
      // After SIGTERM the instance fails /api/ready for SHUTDOWN_DELAY_MS, still serving: at least one whole check.
      const check = seconds(option(site, "health_interval")) + seconds(option(site, "health_timeout"));
      expect(config.SHUTDOWN_DELAY_MS / 1000, site).toBeGreaterThan(check);
    }
    // The preview site has no readiness route: its instances are checked on the app's port.
    expect(Number(option("{$PREVIEW_ORIGIN}", "health_port"))).toBe(config.PORT);
    // socket.io's long-polling fallback keeps one client on one instance (the WebSocket needs no cookie).
    expect(sites["{$PUBLIC_URL}"]).toMatch(/^\s*lb_policy cookie neonlab_instance$/m);
    // Docker's SIGKILL comes after the drain and the close (server.ts gives the close 15 s).
    expect(seconds(app.stop_grace_period)).toBeGreaterThanOrEqual(config.SHUTDOWN_DELAY_MS / 1000 + 15);
    expect(pkg.scripts["check:cluster"]).toBeDefined();
  });
});

/** Top-level site blocks of a Caddyfile: address → body. */
function caddySites(text) {
  const sites = {};
  let depth = 0;
  let address = null;
  let body = "";
  for (const line of text.split("\n").filter((l) => !/^\s*#/.test(l))) {
    if (depth === 0 && line.trim().endsWith("{")) address = line.trim().slice(0, -1).trim();
    else if (depth > 0) body += `${line}\n`;
    depth += (line.match(/\{(?!\$)/g) ?? []).length - (line.match(/(?<!\{\$[A-Z_]*)\}/g) ?? []).length;
    if (depth === 0 && address !== null) {
      sites[address] = body;
      address = null;
      body = "";
    }
  }
  return sites;
}

describe(".env.example", () => {
  it("lists exactly the variables config.ts reads, each once", () => {
    const names = read(".env.example")
      .split("\n")
      .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
      .filter(Boolean);
    expect(names.length).toBe(new Set(names).size);
    expect([...names].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
