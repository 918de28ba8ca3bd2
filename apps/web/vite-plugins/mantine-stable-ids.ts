import type { Plugin } from "vite";

/** Mantine's `useId` as this build ships it (checked, so an upgrade that changes it is looked at again). */
const UPSTREAM =
  /const \[uuid, setUuid\] = useState\(`mantine-\$\{reactId\.replace\(\/:\/g, ""\)\}`\);[\s\S]*setUuid\(randomId\(\)\);/;

const STABLE = `"use client";
import { useId } from "react";
function useId$1(staticId) {
	const reactId = useId();
	if (typeof staticId === "string") return staticId;
	return \`mantine-\${reactId.replace(/:/g, "")}\`;
}
export { useId$1 as useId };
`;

/**
 * Mantine's `useId` keeps React's id for the first render, then sets a random one in a layout effect. On a
 * hydrated page that is a synchronous re-render of every component with an id (inputs, tabs, selects) in
 * the task that commits the hydration, which must first run all of that render's passive effects: one
 * task of 30–45 ms on /login on a slow machine. React's id is the same in the build's render and in the
 * browser's and unique in the root, so the build keeps it: the ids the page was delivered with stay.
 */
export function mantineStableIds(): Plugin {
  return {
    name: "neonlab-mantine-stable-ids",
    apply: "build",
    transform: {
      filter: { id: /\/node_modules\/@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/ },
      handler(code, id) {
        if (!UPSTREAM.test(code)) throw new Error(`${id} is not the useId this plugin replaces: look at it again`);
        return { code: STABLE, map: null };
      },
    },
  };
}
