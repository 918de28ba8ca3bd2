import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, useEffect } from "react";
import { trackFocus } from "../components/dialogs/focus-return.ts";
import { SessionProvider } from "../lib/session.tsx";
import { colorSchemeManager } from "../lib/color-scheme.ts";
import { AfterHydration } from "../lib/hydrated.tsx";
import { queryClient } from "../lib/query-client.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

// Toasts and dialogs are rendered by hosts loaded after the first paint: toasts raised earlier wait in
// the notifications store, and dialog openers wait for the modals host (components/dialogs/modals-ready.ts).
const ModalsHost = lazy(() => import("../components/dialogs/modals-host.tsx").then((m) => ({ default: m.ModalsHost })));
const Notifications = lazy(() => import("@mantine/notifications").then((m) => ({ default: m.Notifications })));

/**
 * Query cache, Mantine theme (colour mode from localStorage, system default), session, toasts, dialogs.
 * The theme's CSS variables and responsive classes are rendered into index.html at build time
 * (vite-plugins/static-theme-css.ts), so the provider does not inject them again.
 */
export function Providers({ children }: { children: ReactNode }) {
  // From the start, not from the (later loaded) dialogs host: a dialog's opener may be focused, and go
  // disabled while its request runs, before the host is there.
  useEffect(() => trackFocus(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
        withCssVariables={false}
        withGlobalClasses={false}
      >
        <SessionProvider>
          {children}
          {/* Toasts and dialogs: not in the prerendered pages, loaded once the page runs. */}
          <AfterHydration fallback={null}>
            <Notifications position="top-right" className="nl-toasts" limit={4} zIndex={3000} />
            <ModalsHost />
          </AfterHydration>
        </SessionProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
