import type { ComponentType } from "react";
import type { PageSource } from "./routes.ts";

/**
 * The page modules (`features/<feature>/pages/`, `features/pages/`), each its own chunk, loaded on first
 * use; keyed `./<path under src/features/>`.
 */
const PAGE_MODULES = import.meta.glob<Record<string, unknown>>(["./*/pages/*-page.tsx", "./pages/**/*-page.tsx"], {
  base: "../features",
});

/** A page module's component by the naming rule: `reset-password-page.tsx` exports `ResetPasswordPage`. */
export const pageComponentName = (module: string) =>
  (module.split("/").at(-1) ?? "")
    .replace(/\.tsx$/, "")
    .replace(/(?:^|-)([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** The component of a route's page, its code loaded on demand. */
export async function loadPage(source: PageSource): Promise<ComponentType> {
  if (typeof source !== "string") {
    const { feature, path, description } = source.placeholder;
    const { NotAvailablePage } = await import("../features/placeholder/not-available-page.tsx");
    return function Placeholder() {
      return <NotAvailablePage feature={feature} path={path} description={description} />;
    };
  }
  const load = PAGE_MODULES[`./${source}`];
  if (!load) throw new Error(`no page module src/features/${source}`);
  const name = pageComponentName(source);
  const component = (await load())[name];
  if (typeof component !== "function") throw new Error(`src/features/${source} exports no ${name}`);
  return component as ComponentType;
}
