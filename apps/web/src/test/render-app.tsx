import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { ModalsHost } from "../components/dialogs/modals-host.tsx";
import { SessionProvider } from "../lib/session.tsx";

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to document.fonts.
if (!document.fonts) Object.defineProperty(document, "fonts", { configurable: true, value: new EventTarget() });

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders `ui` at `path` (matched by `route`) inside the providers the app gives every page (as
 * app/providers.tsx), with the modals host; `data-testid="location"` shows where the app navigated.
 */
export function renderApp(ui: ReactNode, { path = "/", route = "*" }: { path?: string; route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={ui} />
              <Route path="/courses" element={<p>Courses page</p>} />
            </Routes>
            <Where />
          </MemoryRouter>
          <ModalsHost />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
