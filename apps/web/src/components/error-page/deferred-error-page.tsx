import { deferred } from "../../lib/deferred.tsx";
import type { ErrorPageProps } from "./error-page.tsx";

/** The status and message as plain text, should the error page's own code fail to load (offline). */
function PlainErrorPage({ statusCode, statusMessage, message }: ErrorPageProps) {
  return (
    <main data-error-page data-status={statusCode}>
      <h1>
        {statusCode} {statusMessage}
      </h1>
      <p data-error-message>{message}</p>
      <a href="/">Return to Home</a>
    </main>
  );
}

/**
 * The error page (error-page.tsx), its code loaded on first use (no first render needs it) or once the
 * browser is idle (app-effects.tsx): a page chunk that fails to load after a new release would fail the
 * same way, and the error page should not.
 */
export const ErrorPage = deferred(
  () =>
    import("./error-page.tsx").then(
      (module) => module.ErrorPage,
      () => PlainErrorPage,
    ),
  null,
);
