import { authSessionAnswerSchema } from "@neonlab/shared/schemas/auth";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearAuthToken, readAuthToken } from "../../../lib/auth-token.ts";
import { testProfile } from "../../../test/fixtures.ts";
import { mockApi, mockError, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { RedirectPage } from "./redirect-page.tsx";

afterEach(() => {
  cleanup();
  clearAuthToken();
});

/** The one-time token is good: the server answers with a session. */
function verified() {
  mockGet("/api/profile", ownProfileSchema, testProfile);
  return mockApi(
    "POST",
    "/api/auth/one-time-token/verify",
    authSessionAnswerSchema,
    { session: { token: "bearer-1" }, user: { id: "u1" } },
    { headers: { "set-auth-token": "bearer-1" } },
  );
}

describe("RedirectPage", { timeout: 20_000 }, () => {
  it("trades the one-time token once for a session and goes to /courses", async () => {
    const exchanges = verified();
    renderApp(<RedirectPage />, { path: "/redirect?ott=one-time" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/courses"));
    expect(readAuthToken()).toBe("bearer-1");
    expect(exchanges.map((exchange) => exchange.body)).toEqual([{ token: "one-time" }]);
  });

  it("keeps the chosen price for the pricing page", async () => {
    verified();
    renderApp(<RedirectPage />, { path: "/redirect?priceId=price_pro&referral=ref-1&ott=one-time" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/pricing?priceId=price_pro"));
  });

  it("explains a provider error and offers the way back", async () => {
    const exchanges = verified();
    renderApp(<RedirectPage />, { path: "/redirect?error=access_denied" });
    expect(await screen.findByText("Sign-in was cancelled at the provider.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Sign In" }).getAttribute("href")).toBe("/login");
    expect(exchanges).toEqual([]);
  });

  it("shows the server's message when the token was already used", async () => {
    mockError("POST", "/api/auth/one-time-token/verify", 400, {
      statusCode: 400,
      statusMessage: "Bad Request",
      message: "Invalid token",
    });
    renderApp(<RedirectPage />, { path: "/redirect?ott=spent" });
    expect(await screen.findByText("Invalid token")).toBeTruthy();
    expect(readAuthToken()).toBeNull();
  });
});
