import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { ForgotPage } from "../pages/forgot-page.tsx";
import { CodeSignInForm } from "./code-sign-in-form.tsx";
import { PasswordSignInForm } from "./password-sign-in-form.tsx";

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("@neonlab/shared/schemas/auth", async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

afterEach(cleanup);

describe("the sign-in and forgot-password forms", () => {
  it("render without the shared auth schemas (and zod), and load them when a form is first focused", async () => {
    renderApp(
      <>
        <PasswordSignInForm onUnconfirmed={vi.fn()} />
        <CodeSignInForm />
        <ForgotPage />
      </>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads.count).toBe(0);

    await userEvent.click(screen.getByLabelText(/^Password/));
    await vi.waitFor(() => expect(loads.count).toBe(1));
  });
});
