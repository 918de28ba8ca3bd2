import { authDoneAnswerSchema, authSessionAnswerSchema } from "@neonlab/shared/schemas/auth";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { clearAuthToken, readAuthToken } from "../../../lib/auth-token.ts";
import { testProfile } from "../../../test/fixtures.ts";
import { mockApi, mockError, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { LoginPage } from "./login-page.tsx";

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
