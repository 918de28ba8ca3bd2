import type { App } from "./app.ts";

type StartupTask = (app: App) => Promise<void>;
const tasks: StartupTask[] = [];

/** Work to run after migrations and before listening (e.g. importing bundled content). */
export function onStartup(task: StartupTask) {
  tasks.push(task);
}

export async function importBundledContent(app: App) {
  for (const task of tasks) await task(app);
}
