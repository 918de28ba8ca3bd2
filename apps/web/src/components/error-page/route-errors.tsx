import { pageNotFound } from "@neonlab/shared/messages";
import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { reportClientError } from "../../lib/client-errors.ts";
import { ErrorPage } from "./deferred-error-page.tsx";

/** Unknown route: 404 "Page Not Found: {path}". */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorPage statusCode={404} statusMessage="Not Found" message={pageNotFound(pathname)} />;
}

/** Any error thrown while loading or rendering a route: the error page, and the error is reported. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportClientError(error);
  }, [error]);
  if (isRouteErrorResponse(error)) {
    const message = error.status === 404 ? pageNotFound(pathname) : String(error.data ?? error.statusText);
    return <ErrorPage statusCode={error.status} statusMessage={error.statusText || "Error"} message={message} />;
  }
  const message = error instanceof Error && error.message ? error.message : "Something went wrong.";
  return <ErrorPage statusCode={500} statusMessage="Internal Error" message={message} />;
}
