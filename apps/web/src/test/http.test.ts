import { messageResponseSchema } from "@neonlab/shared/schemas/common";
import { afterEach, describe, expect, it } from "vitest";
import { mockApi, mockGet, networkViolations } from "./http.ts";

// These tests break the rules on purpose; what the setup would fail them for is checked here and cleared.
afterEach(() => {
  networkViolations.splice(0);
});

describe("the tests' mocked API", () => {
  it("refuses a fixed answer off its schema at once", () => {
    expect(() => mockGet("/api/users", messageResponseSchema, { note: "hi" } as never)).toThrow(
      "GET /api/users: the mocked answer does not follow its schema",
    );
  });

  it("refuses a computed answer off its schema when it is sent", async () => {
    mockApi("POST", "/api/users/contact", messageResponseSchema, () => ({ text: "hi" }) as never);
    const response = await fetch("/api/users/contact", { method: "POST", body: "{}" });
    expect(response.status).toBe(500);
    expect(networkViolations).toEqual([expect.stringContaining("POST /api/users/contact: the mocked answer")]);
  });

  it("reports a request no mock answers", async () => {
    // msw answers it with its own 500 instead of letting it out to a real server.
    expect((await fetch("/api/nothing-here")).status).toBe(500);
    expect(networkViolations).toEqual(["no mock answers GET http://localhost:3000/api/nothing-here"]);
  });
});
