const CHECK_INTERVAL_MS = 5 * 60_000;

/** The identifier this bundle was built with (vite define), or "dev". */
export const currentBuildId = (): string => (typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "dev");

/** Asks the server for its build id; true when it differs from this bundle's (a new version is deployed). */
export async function isNewBuildAvailable(): Promise<boolean> {
  const response = await fetch("/api/build", { cache: "no-store", headers: { accept: "application/json" } });
  if (!response.ok) return false;
  const { buildId } = (await response.json()) as { buildId?: unknown };
  const mine = currentBuildId();
  return typeof buildId === "string" && buildId !== "dev" && mine !== "dev" && buildId !== mine;
}

/** Polls the build id periodically and calls onUpdate once when it changed. Returns a cleanup. */
export function watchAppUpdates(onUpdate: () => void, intervalMs = CHECK_INTERVAL_MS): () => void {
  let notified = false;
  const check = async () => {
    if (notified || document.visibilityState === "hidden") return;
    if (await isNewBuildAvailable().catch(() => false)) {
      notified = true;
      onUpdate();
    }
  };
  const timer = setInterval(check, intervalMs);
  document.addEventListener("visibilitychange", check);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", check);
  };
}
