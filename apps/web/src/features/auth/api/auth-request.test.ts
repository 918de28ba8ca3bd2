import { authDoneAnswerSchema, authSessionAnswerSchema } from "@neonlab/shared/schemas/auth";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../../lib/idempotency-key.ts";
import { mockApi, mockError } from "../../../test/http.ts";
import { authRequest, isUnconfirmedEmailError, requireToken } from "./auth-request.ts";

describe("authRequest", () => {
  it("sends each call with its own Idempotency-Key", async () => {
    const sent = mockApi("POST", "/api/auth/email-otp/send-verification-otp", authDoneAnswerSchema, { success: true });
    await authRequest("email-otp/send-verification-otp", { email: "ada@example.test", type: "sign-in" });
    await authRequest("email-otp/send-verification-otp", { email: "ada@example.test", type: "sign-in" });
    const keys = sent.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("turns an error answer into the same ApiError as api(), code included", async () => {
    mockError("POST", "/api/auth/sign-in/email", 403, {
      statusCode: 403,
      statusMessage: "Forbidden",
      message: "Email not verified",
      code: "EMAIL_NOT_VERIFIED",
    });
    const failure = await authRequest("sign-in/email", {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ statusCode: 403, statusMessage: "Forbidden", message: "Email not verified" });
    expect(isUnconfirmedEmailError(failure)).toBe(true);
  });

  it("takes the bearer token from the header, else from the body", async () => {
    mockApi("POST", "/api/auth/sign-in/email", authSessionAnswerSchema, { token: "from-body" });
    expect(await requireToken(await authRequest("sign-in/email", {}))).toBe("from-body");
    mockApi(
      "POST",
      "/api/auth/sign-in/email",
      authSessionAnswerSchema,
      { token: null },
      {
        headers: { "set-auth-token": "from-header" },
      },
    );
    expect(await requireToken(await authRequest("sign-in/email", {}))).toBe("from-header");
    mockApi("POST", "/api/auth/sign-in/email", authSessionAnswerSchema, { token: null });
    await expect(authRequest("sign-in/email", {}).then(requireToken)).rejects.toThrow("There was an error");
  });
});
