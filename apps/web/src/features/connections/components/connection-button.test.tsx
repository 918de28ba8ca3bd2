import { MESSAGES } from "@neonlab/shared/messages";
import { connectionActionResultSchema, relationshipSchema } from "@neonlab/shared/schemas/community";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, mockError, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { ConnectionButton } from "./connection-button.tsx";

const FRIEND = "8d0c9f1e-3b8a-4a57-9d1c-2f6e5b4a3c21";

describe("ConnectionButton", () => {
  it("Connect sends the request (spec call) and shows Pending — Cancel with the spec's toast", async () => {
    let state: "none" | "outgoing" = "none";
    mockGet("/api/users/relationship", relationshipSchema, () => ({ relationship: state }));
    const sent = mockApi("POST", "/api/users/connections", connectionActionResultSchema, () => {
      state = "outgoing";
      return { message: MESSAGES.connectionSent, relationship: "outgoing" as const };
    });
    renderApp(<ConnectionButton userId={FRIEND} name="Ada" />);
    await userEvent.click(await screen.findByRole("button", { name: "Connect" }));
    expect((await screen.findAllByText(MESSAGES.connectionSent)).length).toBeGreaterThan(0);
    expect(sent[0]?.query.get("friendId")).toBe(FRIEND);
    expect(await screen.findByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(screen.getByText(/Pending/)).toBeTruthy();
  });

  it("offers Accept · Decline for an incoming request, and a refusal shows the failure toast with the reason", async () => {
    mockGet("/api/users/relationship", relationshipSchema, { relationship: "incoming" });
    mockError("PATCH", "/api/users/accept-connection-request", 404, {
      statusCode: 404,
      statusMessage: "Not Found",
      message: "There is no pending request from this user (it may have been cancelled).",
    });
    renderApp(<ConnectionButton userId={FRIEND} name="Ada" />);
    expect(await screen.findByRole("button", { name: "Decline" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(screen.getAllByText(MESSAGES.acceptConnectionFailed).length).toBeGreaterThan(0));
    expect(screen.getAllByText(/may have been cancelled/).length).toBeGreaterThan(0);
  });

  it("shows Connected — Remove for a connection and nothing for oneself", async () => {
    mockGet("/api/users/relationship", relationshipSchema, { relationship: "connected" });
    renderApp(<ConnectionButton userId={FRIEND} name="Ada" />);
    expect(await screen.findByRole("button", { name: "Remove" })).toBeTruthy();
    expect(screen.getByText(/Connected/)).toBeTruthy();
  });
});
