import { MESSAGES } from "@neonlab/shared/messages";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, errorMessage, responseMessage } from "./api-client.ts";

afterEach(() => vi.unstubAllGlobals());

describe("responseMessage (spec §8)", () => {
  it("uses the response's message", () => {
    expect(responseMessage({ message: "Username is taken" })).toBe("Username is taken");
  });

  it("joins a list with line breaks", () => {
    expect(responseMessage({ message: ["Name is required", "Email is invalid"] })).toBe(
      "Name is required\nEmail is invalid",
    );
  });

  it("falls back to 'There was an error'", () => {
    expect(responseMessage(null)).toBe("There was an error");
    expect(responseMessage({})).toBe("There was an error");
    expect(responseMessage({ message: "" })).toBe("There was an error");
    expect(responseMessage("oops")).toBe(MESSAGES.genericError);
  });
});

describe("errorMessage", () => {
  it("shows 'Network Error' when the request never reached the server", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const failure = await api("profile").catch((error: unknown) => error);
    expect(errorMessage(failure)).toBe("Network Error");
  });

  it("shows the API's message for an error response", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: ["a", "b"] }), { status: 422 })),
    );
    const failure = await api("profile", { method: "PUT", body: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(errorMessage(failure)).toBe("a\nb");
  });
});
