import "@fontsource/orbitron/latin-700.css";
import "@fontsource/orbitron/latin-800.css";
import "@fontsource/rajdhani/latin-500.css";
import "@fontsource/rajdhani/latin-600.css";
import "@fontsource/rajdhani/latin-700.css";
import "@fontsource/share-tech-mono/latin-400.css";
import "@fontsource/jetbrains-mono/latin-400.css";
// Mantine's base layer; each component's own CSS comes with its code (vite-plugins/mantine-css-per-component.ts), the theme's
// variables are in index.html.
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "./global.css";
// index.html's page-load preloader is styled from the first paint (the CSS of the app's start is in the HTML).
import "../components/error-page/preloader.css";
import { type ReactNode, useState } from "react";
import { RouterProvider } from "react-router";
import { AppEffects } from "./app-effects.tsx";
import { ErrorPage } from "../components/error-page/deferred-error-page.tsx";
import { useFatalErrors } from "./fatal-error.ts";
import { Providers } from "./providers.tsx";
import { createAppRouter } from "./router.tsx";

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The whole app. The build's render of the public pages (src/entry-prerender.tsx) passes its static
 * router as `staticRouter`; everything around it is the same tree, so the browser can hydrate that
 * markup instead of replacing it.
 */
export function App({ router: given, staticRouter }: { router?: AppRouter; staticRouter?: ReactNode }) {
  const [router] = useState(() => (staticRouter ? null : (given ?? createAppRouter())));
  const fatal = useFatalErrors();
  return (
    <Providers>
      <AppEffects />
      {fatal ? (
        <ErrorPage statusCode={500} statusMessage="Internal Error" message={fatal.message} />
      ) : router ? (
        <RouterProvider router={router} />
      ) : (
        staticRouter
      )}
    </Providers>
  );
}
