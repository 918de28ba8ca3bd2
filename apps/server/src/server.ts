import { ConfigError, exposureWarning, loadConfig, publicUrlMismatch } from "./config.ts";
import { startDraining } from "./lib/draining.ts";
import { webBuildRefusal } from "./web-build-mode.ts";

/** How long after listening Better Auth starts loading when no auth request asked for it first. */
const AUTH_WARM_UP_DELAY_MS = 2_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const refusal = webBuildRefusal(config);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const warning = exposureWarning(config);
  if (warning) console.warn(warning);

  // On PGlite its worker starts opening the database before the app's modules load, on the other core.
  if (!config.DATABASE_URL) {
    const { pgliteLocation, prestartPglite } = await import("./db/pglite-remote.ts");
    prestartPglite(pgliteLocation(config.dataDir));
  }
  const [{ buildApp }, { MODULES }, { buildSites }, { importBundledContent }, { seedDemoContentOnStart }] =
    await Promise.all([
      import("./app.ts"),
      import("./app/modules.ts"),
      import("./app/register-modules.ts"),
      import("./content/bundled.ts"),
      import("./demo/on-start.ts"),
    ]);
  const app = await buildApp({ config });
  await importBundledContent(app);
  // Outside production, a database's first start adds the demo community content (docs/decisions/042).
  await seedDemoContentOnStart(app);
  // The modules' own sites (the manifests' `sites`: the hack preview site), each a listener of its own.
  const sites = await buildSites(app, app.ctx, MODULES);
  await app.listen({ host: config.HOST, port: config.PORT });
  for (const site of sites) await site.server.listen({ host: config.HOST, port: site.port });
  // Better Auth loads once the server answers (auth/lazy-auth.ts), a moment later so the first requests are not
  // queued behind its ~0.4 s of module loading; a configuration it refuses still stops the server.
  setTimeout(() => {
    app.ctx.auth.ready().catch((error) => {
      app.log.error({ err: error }, "Better Auth could not start");
      process.exit(1);
    });
  }, AUTH_WARM_UP_DELAY_MS).unref();
  const mismatch = publicUrlMismatch(config);
  if (mismatch) app.log.warn(mismatch);
  app.log.info(
    `NeonLab is running at ${config.PUBLIC_URL}, hack previews at ${config.previewOrigin} (database: ${app.ctx.database.kind}, mail: ${app.ctx.mailer.kind})`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Behind a proxy, first out of rotation: /api/ready answers 503 while everything else is still served.
    const delay = signal === "SIGTERM" ? config.SHUTDOWN_DELAY_MS : 0;
    if (delay > 0) {
      startDraining();
      app.log.info(`${signal} received: not ready; serving ${delay} ms more, then closing`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    app.log.info(`${signal} received: draining requests, then closing sockets and the database`);
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 15_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
