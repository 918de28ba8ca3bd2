import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";
import { uniqueEmail } from "../test/users.ts";

// With no PUBLIC_URL the app is reached at http://localhost:$PORT; another origin is told which variable to set.

describe("sign-up on a port other than 3000, PUBLIC_URL unset", async () => {
  const app = await createTestApp({ env: { PORT: "3400", PUBLIC_URL: "" } });
  const signUp = (origin: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin },
      payload: { email: uniqueEmail(), password: "violet-kettle-42", name: "Ada" },
    });

  it("is accepted from http://localhost:$PORT", async () => {
    const res = await signUp("http://localhost:3400");
    expect(res.statusCode, res.body).toBe(200);
  });

  it("is refused from another origin with a message naming PUBLIC_URL", async () => {
    const res = await signUp("http://localhost:3000");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "Sign-in is not accepted from http://localhost:3000: it is not this server's PUBLIC_URL. Open NeonLab at the address PUBLIC_URL names, or set PUBLIC_URL to the address you use.",
    );
  });
});
