import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { ContactPage } from "./contact-page.tsx";

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("@neonlab/shared/schemas/auth", async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

afterEach(cleanup);

describe("ContactPage", () => {
  it("renders without the contact schema (and zod), loads it on focus and shows its messages", async () => {
    renderApp(<ContactPage />, { path: "/contact" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads.count).toBe(0);

    await userEvent.click(screen.getByRole("button", { name: /Send/ }));
    await vi.waitFor(() => expect(loads.count).toBe(1));
    expect(await screen.findByText("Subject is required")).toBeTruthy();
    expect(screen.getByText("Message must be at least 10 characters")).toBeTruthy();
  });
});
