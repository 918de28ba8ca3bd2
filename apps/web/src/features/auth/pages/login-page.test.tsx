import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearAuthToken, readAuthToken } from "../../../lib/auth-token.ts";
import { mockFetch, renderAuth, testProfile } from "../testing/render-auth.tsx";
import { LoginPage } from "./login-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAuthToken();
});

describe("LoginPage", { timeout: 20_000 }, () => {
  it("validates the email when the field is left, not while typing", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderAuth(<LoginPage />, { path: "/login" });
    const email = screen.getByRole("textbox", { name: /^Email/ });
    await user.type(email, "not-an-address");
    expect(screen.queryByText("Enter a valid email address")).toBeNull();
    await user.tab();
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
  });

  it("opens the Confirm your email dialog for an unconfirmed account", async () => {
    const calls = mockFetch({
      "POST /api/auth/sign-in/email": {
        status: 403,
        body: {
          statusCode: 403,
          statusMessage: "Forbidden",
          message: "Email not verified",
          code: "EMAIL_NOT_VERIFIED",
        },
      },
    });
    const user = userEvent.setup();
    renderAuth(<LoginPage />, { path: "/login" });
    await user.type(screen.getByRole("textbox", { name: /^Email/ }), "New@Example.test");
    await user.type(screen.getByLabelText(/^Password/, { selector: "input" }), "password-123");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByRole("dialog", { name: "Confirm your email" })).toBeTruthy();
    expect(screen.getByText("new@example.test")).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: "new@example.test", password: "password-123" });
    expect(screen.queryByText("Email not verified")).toBeNull();
  });

  it("signs in with a password and goes to /courses", async () => {
    mockFetch({
      "POST /api/auth/sign-in/email": { body: { redirect: false }, headers: { "set-auth-token": "tok-2" } },
      "GET /api/profile": { body: testProfile },
    });
    const user = userEvent.setup();
    renderAuth(<LoginPage />, { path: "/login" });
    await user.type(screen.getByRole("textbox", { name: /^Email/ }), "ada@example.test");
    await user.type(screen.getByLabelText(/^Password/, { selector: "input" }), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/courses"));
    expect(readAuthToken()).toBe("tok-2");
  });

  it("signs in with a mailed code", async () => {
    const calls = mockFetch({
      "POST /api/auth/email-otp/send-verification-otp": { body: { success: true } },
      "POST /api/auth/sign-in/email-otp": { body: { token: "tok-3" }, headers: { "set-auth-token": "tok-3" } },
      "GET /api/profile": { body: testProfile },
    });
    const user = userEvent.setup();
    renderAuth(<LoginPage />, { path: "/login" });
    await user.click(screen.getByRole("tab", { name: "Email code" }));
    await user.type(screen.getByRole("textbox", { name: /^Email/ }), "ada@example.test");
    await user.click(screen.getByRole("button", { name: "Send Code" }));
    const code = await screen.findByLabelText("Sign-in code");
    const signIn = screen.getByRole("button", { name: "Sign In" });
    expect(signIn).toHaveProperty("disabled", true);
    await user.type(code, "123456");
    await user.click(signIn);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/courses"));
    expect(calls.map((c) => c.body)).toContainEqual({ email: "ada@example.test", type: "sign-in" });
    expect(calls.map((c) => c.body)).toContainEqual({ email: "ada@example.test", otp: "123456" });
  });
});
