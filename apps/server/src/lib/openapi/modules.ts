import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import type { ModuleOptions } from "../plugin-scope.ts";

/**
 * Registers a module's routes as an encapsulated plugin (its hooks, parsers and body limits stay in its
 * scope) and marks each route with the module's name (`config.module`): its OpenAPI tag when it names none.
 */
export async function registerModule(
  app: FastifyInstance,
  name: string,
  plugin: (scope: FastifyInstance, options: ModuleOptions) => Promise<void>,
  ctx: AppContext,
) {
  await app.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, module: route.config?.module ?? name };
    });
    await scope.register(plugin, { ctx });
  });
}
