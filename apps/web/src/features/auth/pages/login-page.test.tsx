import {
  authDoneAnswerSchema,
  authSessionAnswerSchema,
  oauthStartAnswerSchema,
  publicConfigSchema,
} from "@neonlab/shared/schemas/auth";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearAuthToken, readAuthToken } from "../../../lib/auth-token.ts";
import { testProfile } from "../../../test/fixtures.ts";
import { mockApi, mockError, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { LoginPage } from "./login-page.tsx";
import { RegisterPage } from "./register-page.tsx";

/** The zone this test's "browser" is in (lib/time-zone.ts asks Intl). */
vi.mock("../../../lib/time-zone.ts", async (original) => ({
  ...(await original<typeof import("../../../lib/time-zone.ts")>()),
  browserTimeZone: () => "America/Los_Angeles",
}));

beforeEach(() => {
  mockGet("/api/config", publicConfigSchema, { oauthProviders: ["google", "github"] });
});
afterEach(() => {
  cleanup();
  clearAuthToken();
});

describe("LoginPage", { timeout: 20_000 }, () => {
  it("validates the email when the field is left, not while typing", async () => {
    const user = userEvent.setup();
    renderApp(<LoginPage />, { path: "/login" });
    const email = screen.getByRole("textbox", { name: /^Email/ });
    await user.type(email, "not-an-address");
    expect(screen.queryByText("Enter a valid email address")).toBeNull();
    await user.tab();
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
  });

  it("opens the Confirm your email dialog for an unconfirmed account", async () => {
    const calls = mockError("POST", "/api/auth/sign-in/email", 403, {
      statusCode: 403,
      statusMessage: "Forbidden",
      message: "Email not verified",
      code: "EMAIL_NOT_VERIFIED",
    });
    const user = userEvent.setup();
    renderApp(<LoginPage />, { path: "/login" });
    await user.type(screen.getByRole("textbox", { name: /^Email/ }), "New@Example.test");
    await user.type(screen.getByLabelText(/^Password/, { selector: "input" }), "password-123");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByRole("dialog", { name: "Confirm your email" })).toBeTruthy();
    expect(screen.getByText("new@example.test")).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: "new@example.test", password: "password-123" });
    expect(screen.queryByText("Email not verified")).toBeNull();
  });

  it("signs in with a password and goes to /courses", async () => {
    mockApi(
      "POST",
      "/api/auth/sign-in/email",
      authSessionAnswerSchema,
      { redirect: false, token: "tok-2" },
      { headers: { "set-auth-token": "tok-2" } },
    );
    mockGet("/api/profile", ownProfileSchema, testProfile);
    const user = userEvent.setup();
    renderApp(<LoginPage />, { path: "/login" });
    await user.type(screen.getByRole("textbox", { name: /^Email/ }), "ada@example.test");
    await user.type(screen.getByLabelText(/^Password/, { selector: "input" }), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/courses"));
    expect(readAuthToken()).toBe("tok-2");
  });

  it("signs in with a mailed code", async () => {
    const sends = mockApi("POST", "/api/auth/email-otp/send-verification-otp", authDoneAnswerSchema, { success: true });
    const signIns = mockApi(
      "POST",
      "/api/auth/sign-in/email-otp",
      authSessionAnswerSchema,
      { token: "tok-3" },
      { headers: { "set-auth-token": "tok-3" } },
    );
    mockGet("/api/profile", ownProfileSchema, testProfile);
    const user = userEvent.setup();
    renderApp(<LoginPage />, { path: "/login" });
    await user.click(screen.getByRole("tab", { name: "Email code" }));
    await user.type(screen.getByRole("textbox", { name: /^Email/ }), "ada@example.test");
    await user.click(screen.getByRole("button", { name: "Send Code" }));
    const code = await screen.findByLabelText("Sign-in code");
    const signIn = screen.getByRole("button", { name: "Sign In" });
    expect(signIn).toHaveProperty("disabled", true);
    await user.type(code, "123456");
    await user.click(signIn);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/courses"));
    expect(sends.map((c) => c.body)).toEqual([{ email: "ada@example.test", type: "sign-in" }]);
    expect(signIns.map((c) => c.body)).toEqual([{ email: "ada@example.test", otp: "123456" }]);
  });
});

describe("OAuth buttons", { timeout: 20_000 }, () => {
  const pages = [
    ["sign-in", <LoginPage key="login" />, "/login"],
    ["sign-up", <RegisterPage key="register" />, "/register"],
  ] as const;

  for (const [name, page, path] of pages) {
    it(`the ${name} page shows only the providers the server has configured`, async () => {
      const configs = mockGet("/api/config", publicConfigSchema, { oauthProviders: ["github"] });
      renderApp(page, { path });
      expect(await screen.findByRole("button", { name: "Continue with GitHub" })).toBeTruthy();
      expect(screen.getByText("or with your email")).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Continue with Google" })).toBeNull();
      expect(configs).toHaveLength(1);
    });

    it(`the ${name} page shows no OAuth button and no "or" divider when none is configured`, async () => {
      const configs = mockGet("/api/config", publicConfigSchema, { oauthProviders: [] });
      renderApp(page, { path });
      await waitFor(() => expect(configs).toHaveLength(1));
      // The e-mail form is there; nothing offers a provider the server would refuse ("Provider not found").
      expect(await screen.findByRole("textbox", { name: /^Email/ })).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole("button", { name: /^Continue with/ })).toBeNull();
      expect(screen.queryByText("or with your email")).toBeNull();
    });
  }

  it("starts the sign-in with the provider picked", async () => {
    const starts = mockApi("POST", "/api/auth/sign-in/oauth2", oauthStartAnswerSchema, {
      url: "https://accounts.example/authorize?state=s",
    });
    const assign = window.location.assign;
    const assigned: string[] = [];
    Object.defineProperty(window.location, "assign", {
      configurable: true,
      value: (url: string) => assigned.push(url),
    });
    try {
      const user = userEvent.setup();
      renderApp(<LoginPage />, { path: "/login?priceId=price_pro_monthly" });
      await user.click(await screen.findByRole("button", { name: "Continue with Google" }));
      await waitFor(() => expect(assigned).toEqual(["https://accounts.example/authorize?state=s"]));
      // The browser's zone rides along: a new account gets it (the server keeps it in the flow's state).
      expect(starts[0]?.body).toEqual({
        providerId: "google",
        callbackURL: "/redirect?priceId=price_pro_monthly",
        disableRedirect: true,
        timeZone: "America/Los_Angeles",
      });
    } finally {
      Object.defineProperty(window.location, "assign", { configurable: true, value: assign });
    }
  });
});

describe("RegisterPage", { timeout: 20_000 }, () => {
  it("sends the browser's time zone with the sign-up", async () => {
    const signUps = mockApi("POST", "/api/auth/sign-up/email", authSessionAnswerSchema, { token: null });
    const user = userEvent.setup();
    renderApp(<RegisterPage />, { path: "/register" });
    await user.type(screen.getByRole("textbox", { name: /^Display name/ }), "Grace Hopper");
    await user.type(screen.getByRole("textbox", { name: /^Email/ }), "grace@example.test");
    await user.type(screen.getByLabelText(/^Password/, { selector: "input" }), "violet-kettle-42");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("dialog", { name: "Confirm your email" }, { timeout: 5000 })).toBeTruthy();
    expect(signUps.map((c) => c.body)).toEqual([
      {
        email: "grace@example.test",
        password: "violet-kettle-42",
        name: "Grace Hopper",
        timeZone: "America/Los_Angeles",
      },
    ]);
  });
});
