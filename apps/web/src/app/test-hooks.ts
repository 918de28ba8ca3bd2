/** Opt-in (localStorage "neonlab-test-hooks" = "1") entry points for end-to-end tests of the dialogs. */
export const TEST_HOOKS_KEY = "neonlab-test-hooks";

declare global {
  interface Window {
    neonlabTest?: { dialogs: () => Promise<typeof import("../components/dialogs/open-dialogs.tsx")> };
  }
}

export function installTestHooks() {
  try {
    if (window.localStorage.getItem(TEST_HOOKS_KEY) !== "1") return;
  } catch {
    return;
  }
  window.neonlabTest = { dialogs: () => import("../components/dialogs/open-dialogs.tsx") };
}
