// First: before any module builds a zod schema.
import "./app/zod-config.ts";
import { MESSAGES } from "@neonlab/shared/messages";

// Evaluating all of the app's code at once (React, Mantine, the router, the query cache, the shell, the
// page) is one long task that blocks input. It runs in steps instead, each in a task of its own; index.html
// preloads them all at once (apps/web/vite-plugins/early-downloads.ts), so no step waits for a download.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  let start: () => Promise<void>;
  try {
    await import("react-dom/client");
    await nextTask();
    await import("./app/providers.tsx");
    await nextTask();
    // The opened page's chunks (zod, the form inputs…), one task each, dependencies first; a chunk that
    // fails to load is left to the router, which shows its own error.
    for (const href of [...(window.neonlabRouteModules ?? [])].reverse()) {
      await import(/* @vite-ignore */ href).catch(() => undefined);
      await nextTask();
    }
    start = (await import("./app/mount.tsx")).mount;
  } catch (error) {
    console.error(MESSAGES.mountError, error);
    throw error;
  }
  // Creating the router (its routes, the history entry, the opened page's route) is a step of its own.
  await nextTask();
  await start();
}

// index.html's preloader paints first; the app starts right after that frame (at once in a hidden tab,
// which paints no frames).
if (document.visibilityState === "hidden") void boot();
else requestAnimationFrame(() => setTimeout(() => void boot(), 0));
