import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";
import { ModalsHost } from "../../../components/dialogs/modals-host.tsx";
import { SessionProvider } from "../../../lib/session.tsx";

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to document.fonts.
if (!document.fonts) Object.defineProperty(document, "fonts", { configurable: true, value: new EventTarget() });

export type FetchCall = { url: string; method: string; body: unknown };
type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

/** Replaces fetch with answers by path; records every call. Unknown paths answer 404. */
export function mockFetch(routes: Record<string, Reply | ((call: FetchCall) => Reply)>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
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
      headers: { "content-type": "application/json", ...reply.headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

export const testProfile: OwnProfile = {
  id: "u1",
  display_name: "Ada Lovelace",
  username: "ada",
  bio: null,
  skills: [],
  location: null,
  work_place: null,
  github_link: null,
  twitter_link: null,
  linkedin_link: null,
  youtube_link: null,
  patreon_link: null,
  buy_me_a_coffe_link: null,
  avatar: null,
  role: "user",
  xp: 0,
  streak: 0,
  created_at: "2024-01-01T00:00:00.000Z",
  email: "ada@example.test",
  notifications: true,
  editor_preferences: { theme: "cyberpunk", fontFamily: "Roboto", fontSize: 14, lineHeight: 20 },
  has_access: false,
  time_zone: "UTC",
  neonbits: 0,
};

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `ui` at `path` inside the providers the app gives every page (as app/providers.tsx). */
export function renderAuth(ui: ReactNode, { path = "/", route = "*" }: { path?: string; route?: string } = {}) {
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
