import { MESSAGES } from "@neonlab/shared/messages";
import { authDoneAnswerSchema, authSessionAnswerSchema } from "@neonlab/shared/schemas/auth";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearAuthToken, readAuthToken } from "../../../lib/auth-token.ts";
import { testProfile } from "../../../test/fixtures.ts";
import { mockApi, mockError, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { ConfirmEmailDialog } from "./confirm-email-dialog.tsx";

const email = "ada@example.test";

function renderDialog() {
  renderApp(<ConfirmEmailDialog opened email={email} onClose={() => undefined} />);
  return {
    code: screen.getByLabelText("Confirmation code") as HTMLInputElement,
    submit: screen.getByRole("button", { name: "Submit Code" }),
  };
}

afterEach(() => {
  cleanup();
  clearAuthToken();
});

describe("Confirm your email dialog", { timeout: 20_000 }, () => {
  it("keeps Submit Code disabled until six digits, shown with a dash after the third", async () => {
    const user = userEvent.setup();
    const { code, submit } = renderDialog();
    expect(await screen.findByText("Confirm your email")).toBeTruthy();
    expect(submit).toHaveProperty("disabled", true);

    await user.type(code, "12345");
    expect(code.value).toBe("123-45");
    expect(submit).toHaveProperty("disabled", true);

    await user.type(code, "6");
    expect(code.value).toBe("123-456");
    expect(submit).toHaveProperty("disabled", false);

    await user.type(code, "7");
    expect(code.value).toBe("123-456");
  });

  it("cuts pasted text to six digits", async () => {
    const user = userEvent.setup();
    const { code, submit } = renderDialog();
    await user.click(code);
    await user.paste(" 987 654 3210");
    expect(code.value).toBe("987-654");
    expect(submit).toHaveProperty("disabled", false);
  });

  it("confirms with the code, toasts, signs in and lands on /courses", async () => {
    const verifications = mockApi(
      "POST",
      "/api/auth/email-otp/verify-email",
      authSessionAnswerSchema,
      { status: true, token: "tok-1" },
      { headers: { "set-auth-token": "tok-1" } },
    );
    mockGet("/api/profile", ownProfileSchema, testProfile);
    const user = userEvent.setup();
    const { code, submit } = renderDialog();
    await user.click(code);
    await user.paste("424242");
    await user.click(submit);

    expect(await screen.findByText(MESSAGES.accountConfirmed)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/courses"));
    expect(verifications.map((c) => c.body)).toEqual([{ email, otp: "424242" }]);
    expect(readAuthToken()).toBe("tok-1");
  });

  it("says in plain words that a wrong code is not right, at the field, and keeps its digits", async () => {
    mockError("POST", "/api/auth/email-otp/verify-email", 400, {
      statusCode: 400,
      statusMessage: "Bad Request",
      message: "Invalid OTP",
      code: "INVALID_OTP",
    });
    const user = userEvent.setup();
    const { code, submit } = renderDialog();
    await user.click(code);
    await user.paste("111111");
    await user.click(submit);
    expect(await screen.findByText("That code is not right — check the latest mail, or send a new one")).toBeTruthy();
    expect(screen.queryByText("Invalid OTP")).toBeNull();
    expect(code.value).toBe("111-111");
    expect(code.getAttribute("aria-invalid")).toBe("true");
    // Correcting a digit clears the message.
    await user.type(code, "{Backspace}2");
    expect(code.value).toBe("111-112");
    expect(screen.queryByText(/That code is not right/)).toBeNull();
    expect(screen.getByTestId("location").textContent).toBe("/");
    expect(readAuthToken()).toBeNull();
  });

  it("offers Resend Code only after the one-minute wait", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = mockApi("POST", "/api/auth/email-otp/send-verification-otp", authDoneAnswerSchema, {
        success: true,
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderDialog();
      const resend = screen.getByRole("button", { name: "Resend Code" });
      expect(resend).toHaveProperty("disabled", true);
      await vi.advanceTimersByTimeAsync(61_000);
      await waitFor(() => expect(resend).toHaveProperty("disabled", false));
      await user.click(resend);
      expect(await screen.findByText(MESSAGES.emailSent)).toBeTruthy();
      expect(calls.at(-1)?.body).toEqual({ email, type: "email-verification" });
      expect(resend).toHaveProperty("disabled", true);
    } finally {
      vi.useRealTimers();
    }
  });
});
