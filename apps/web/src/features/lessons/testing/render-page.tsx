import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { vi } from "vitest";
import { ModalsHost } from "../../../components/dialogs/modals-host.tsx";
import { SessionProvider } from "../../../lib/session.tsx";

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to document.fonts.
if (!document.fonts) Object.defineProperty(document, "fonts", { configurable: true, value: new EventTarget() });

export type FetchCall = { url: string; method: string; body: unknown };
export type Reply = { status?: number; body?: unknown };

/** Replaces fetch with answers by "METHOD /path"; records every call. Unknown paths answer 404. */
export function mockFetch(routes: Record<string, Reply | ((call: FetchCall) => Reply)>) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost:3000");
      const call = {
        url: url.pathname,
        method: init?.method ?? "GET",
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.url}`];
      const reply =
        typeof route === "function" ? route(call) : (route ?? { status: 404, body: { message: "Not found" } });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

/** Renders a page at `path` (matched by `route`) inside the app's providers. */
export function renderPage(ui: ReactNode, { path, route }: { path: string; route: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={ui} />
            </Routes>
          </MemoryRouter>
          <ModalsHost />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
