import { MESSAGES } from "@neonlab/shared/messages";
import { messageResponseSchema } from "@neonlab/shared/schemas/common";
import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { describe, expect, it, vi } from "vitest";
import { testProfile } from "../test/fixtures.ts";
import { mockApi, mockError, mockGet, mockNetworkError } from "../test/http.ts";
import { ApiError, api, errorMessage, responseMessage } from "./api-client.ts";
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from "./idempotency-key.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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
  it("shows 'Network Error' when the request never reached the server, after 3 attempts", async () => {
    const attempts = mockNetworkError("GET", "/api/profile");
    const failure = await api("profile").catch((error: unknown) => error);
    expect(errorMessage(failure)).toBe("Network Error");
    expect(attempts).toHaveLength(3);
  });

  it("shows the API's message for an error response", async () => {
    mockError("PUT", "/api/profile", 400, {
      statusCode: 400,
      statusMessage: "Bad Request",
      message: "Bio is too long",
    });
    const failure = await api("profile", { method: "PUT", body: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ statusCode: 400, statusMessage: "Bad Request", code: undefined });
    expect(errorMessage(failure)).toBe("Bio is too long");
  });
});

describe("Idempotency-Key", () => {
  it("is a random UUID", () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it("is a random UUID outside a secure context too (no crypto.randomUUID)", () => {
    const random = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => random.getRandomValues(bytes) });
    try {
      expect(newIdempotencyKey()).toMatch(UUID);
      expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("is sent with writes, not with reads", async () => {
    const reads = mockGet("/api/profile", ownProfileSchema, testProfile);
    await api("profile");
    expect(reads[0]?.headers.has(IDEMPOTENCY_KEY_HEADER)).toBe(false);
  });

  it("stays the same for the one retry of a write on a retryable status", async () => {
    const sent = { message: "Thanks" };
    const answered = mockApi("POST", "/api/users/contact", messageResponseSchema, sent);
    const refused = mockError(
      "POST",
      "/api/users/contact",
      503,
      { statusCode: 503, statusMessage: "Service Unavailable", message: "Busy" },
      { once: true },
    );
    await expect(api("users/contact", { method: "POST", body: {} })).resolves.toEqual(sent);
    const key = refused[0]?.headers.get(IDEMPOTENCY_KEY_HEADER);
    expect(key).toMatch(UUID);
    expect(answered.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER))).toEqual([key]);
  });

  it("stays the same for the retries of a write that never reached the server", async () => {
    const attempts = mockNetworkError("POST", "/api/users/contact");
    await expect(api("users/contact", { method: "POST", body: {} })).rejects.toThrow("Network Error");
    const keys = new Set(attempts.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER)));
    expect(attempts).toHaveLength(3);
    expect(keys.size).toBe(1);
  });

  it("differs between two calls", async () => {
    const requests = mockApi("PUT", "/api/profile", ownProfileSchema, testProfile);
    await api("profile", { method: "PUT", body: { bio: "one" } });
    await api("profile", { method: "PUT", body: { bio: "one" } });
    const [first, second] = requests.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(first).not.toBe(second);
  });
});
