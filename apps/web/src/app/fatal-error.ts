import { useEffect, useState } from "react";
import { isNoise, reportClientError } from "../lib/client-errors.ts";

export type FatalError = { message: string };

/**
 * Uncaught errors and unhandled rejections (spec §4): reported through the error-reporting hook, and
 * the root switches to the error page.
 */
export function useFatalErrors(): FatalError | null {
  const [fatal, setFatal] = useState<FatalError | null>(null);
  useEffect(() => {
    const handle = (error: unknown) => {
      if (isNoise(error)) return;
      reportClientError(error);
      const message = error instanceof Error && error.message ? error.message : String(error ?? "Unknown error");
      setFatal((current) => current ?? { message });
    };
    const onError = (event: ErrorEvent) => {
      // Resource load failures (img, script) have no error object and are not fatal.
      if (event.error === undefined && !event.message) return;
      handle(event.error ?? event.message);
    };
    const onRejection = (event: PromiseRejectionEvent) => handle(event.reason);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
  return fatal;
}
