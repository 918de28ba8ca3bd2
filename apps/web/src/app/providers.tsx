import { MantineContext, MantineThemeProvider, useProviderColorScheme } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo } from "react";
import { SessionProvider } from "../lib/session.tsx";
import { colorSchemeManager } from "../lib/color-scheme.ts";
import { useHostWanted } from "../lib/hosts.ts";
import { AfterHydration } from "../lib/hydrated.tsx";
import { queryClient } from "../lib/query-client.ts";
import { theme } from "./theme.ts";

// Toasts and dialogs are rendered by hosts loaded when the first one is shown (lib/hosts.ts). A host whose
// code can not load (a release removed its file and no service worker kept it) renders nothing: the hosts sit
// outside the router's error page, and a failed import thrown there would blank the whole page.
function hostOrNothing<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (Host): { default: ComponentType<P> } => ({ default: Host }),
      (): { default: ComponentType<P> } => ({ default: () => null }),
    ),
  );
}
const ModalsHost = hostOrNothing(() => import("../components/dialogs/modals-host.tsx").then((m) => m.ModalsHost));
const Notifications = hostOrNothing(() => import("@mantine/notifications").then((m) => m.Notifications));

const rootElement = () => document.documentElement;

/**
 * MantineProvider's context and theme without its CSS variables and global classes: those are rendered
 * into index.html at build time (vite-plugins/static-theme-css.ts, with MantineProvider itself), so their
 * code stays off the first route. Colour mode from localStorage, system default.
 */
function ThemeProvider({ children }: { children: ReactNode }) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    manager: colorSchemeManager,
    defaultColorScheme: "auto",
    getRootElement: rootElement,
    forceColorScheme: undefined,
  });
  // theme.respectReducedMotion: Mantine's transitions honour the system's reduced-motion setting.
  useEffect(() => rootElement().setAttribute("data-respect-reduced-motion", "true"), []);
  const context = useMemo(
    () => ({
      colorScheme,
      setColorScheme,
      clearColorScheme,
      getRootElement: rootElement,
      classNamesPrefix: "mantine",
      cssVariablesSelector: ":root",
      withStaticClasses: true,
    }),
    [colorScheme, setColorScheme, clearColorScheme],
  );
  return (
    <MantineContext value={context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}

/** The hosts something has asked for, each in a boundary of its own: one loading never hides the other. */
function Hosts() {
  const toasts = useHostWanted("toasts");
  const dialogs = useHostWanted("dialogs");
  return (
    <>
      {toasts && (
        <Suspense fallback={null}>
          <Notifications position="bottom-center" className="nl-toasts" limit={4} zIndex={3000} />
        </Suspense>
      )}
      {dialogs && (
        <Suspense fallback={null}>
          <ModalsHost />
        </Suspense>
      )}
    </>
  );
}

/** Query cache, Mantine theme, session, toasts, dialogs. */
export function Providers({ children }: { children: ReactNode }) {
  // From the first render, not from the (later loaded) dialogs host: a dialog's opener may be focused, and
  // go disabled while its request runs, before the host is there. Its code loads right away, apart.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    import("../components/dialogs/focus-return.ts").then(
      (module) => {
        if (!unmounted) stop = module.trackFocus();
      },
      () => undefined,
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SessionProvider>
          {children}
          {/* Toasts and dialogs: not in the prerendered pages, loaded once the page runs and shows one. */}
          <AfterHydration fallback={null}>
            <Hosts />
          </AfterHydration>
        </SessionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
