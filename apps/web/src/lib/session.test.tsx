import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testProfile } from "../test/fixtures.ts";
import { mockError, mockGet } from "../test/http.ts";
import { clearAuthToken, readAuthToken, writeAuthToken } from "./auth-token.ts";
import { SessionProvider, useSession } from "./session.tsx";

const profileQueryLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock("./profile-query.tsx", async (importOriginal) => {
  profileQueryLoads.count += 1;
  return importOriginal();
});

afterEach(() => {
  cleanup();
  clearAuthToken();
});

function SessionState() {
  const { status, profile } = useSession();
  return <output>{`${status} ${profile?.username ?? "-"}`}</output>;
}

function renderSession() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SessionState />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

// In this order: the first test checks that the profile query's code has not been loaded yet.
describe("the session", () => {
  it("is signed out without a token, asking for no profile and loading no profile query", async () => {
    const requests = mockGet("/api/profile", ownProfileSchema, testProfile);
    renderSession();
    expect(screen.getByRole("status").textContent).toBe("signed-out -");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    expect(profileQueryLoads.count).toBe(0);
  });

  it("loads the profile for a stored token and is signed in with it", async () => {
    writeAuthToken("tok-session");
    mockGet("/api/profile", ownProfileSchema, testProfile);
    renderSession();
    expect(screen.getByRole("status").textContent).toBe("loading -");
    expect(await screen.findByText(`signed-in ${testProfile.username}`)).toBeTruthy();
    expect(profileQueryLoads.count).toBe(1);
  });

  it("drops a token the server refuses", async () => {
    writeAuthToken("tok-expired");
    mockError("GET", "/api/profile", 401, { statusCode: 401, statusMessage: "Unauthorized", message: "Unauthorized" });
    renderSession();
    expect(await screen.findByText("signed-out -")).toBeTruthy();
    expect(readAuthToken()).toBeNull();
  });
});
