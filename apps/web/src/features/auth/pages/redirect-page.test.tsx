import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearAuthToken, readAuthToken } from "../../../lib/auth-token.ts";
import { mockFetch, renderAuth, testProfile } from "../testing/render-auth.tsx";
import { RedirectPage } from "./redirect-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAuthToken();
});

const verified = {
  "POST /api/auth/one-time-token/verify": {
    body: { session: { token: "bearer-1" }, user: { id: "u1" } },
    headers: { "set-auth-token": "bearer-1" },
  },
  "GET /api/profile": { body: testProfile },
};

describe("RedirectPage", { timeout: 20_000 }, () => {
  it("trades the one-time token once for a session and goes to /courses", async () => {
    const calls = mockFetch(verified);
    renderAuth(<RedirectPage />, { path: "/redirect?ott=one-time" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/courses"));
    expect(readAuthToken()).toBe("bearer-1");
    const exchanges = calls.filter((c) => c.url === "/api/auth/one-time-token/verify");
    expect(exchanges).toEqual([
      { url: "/api/auth/one-time-token/verify", method: "POST", body: { token: "one-time" } },
    ]);
  });

  it("keeps the chosen price for the pricing page", async () => {
    mockFetch(verified);
    renderAuth(<RedirectPage />, { path: "/redirect?priceId=price_pro&referral=ref-1&ott=one-time" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/pricing?priceId=price_pro"));
  });

  it("explains a provider error and offers the way back", async () => {
    const calls = mockFetch({});
    renderAuth(<RedirectPage />, { path: "/redirect?error=access_denied" });
    expect(await screen.findByText("Sign-in was cancelled at the provider.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Sign In" }).getAttribute("href")).toBe("/login");
    expect(calls).toEqual([]);
  });

  it("shows the server's message when the token was already used", async () => {
    mockFetch({
      "POST /api/auth/one-time-token/verify": {
        status: 400,
        body: { statusCode: 400, statusMessage: "Bad Request", message: "Invalid token" },
      },
    });
    renderAuth(<RedirectPage />, { path: "/redirect?ott=spent" });
    expect(await screen.findByText("Invalid token")).toBeTruthy();
    expect(readAuthToken()).toBeNull();
  });
});
