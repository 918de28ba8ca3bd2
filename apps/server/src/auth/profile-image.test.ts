import { AVATARS } from "@neonlab/shared/constants";
import { isAllowedProfileImage } from "@neonlab/shared/schemas/auth";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../modules/identity/accounts/schema.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, uniqueEmail } from "../test/users.ts";

const BAD_IMAGES = [
  "javascript:alert(document.cookie)",
  "JAVASCRIPT:alert(1)",
  "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
  "http://images.example/me.png",
  "https://user:pass@images.example/me.png",
  "//images.example/me.png",
  "/avatars/not-one-of-ours.svg",
  `https://images.example/${"a".repeat(2100)}.png`,
  "x".repeat(900_000),
];

describe("account images (users.image)", async () => {
  const app = await createTestApp();
  const signUp = (image: unknown) =>
    app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email: uniqueEmail("image"), password: "a-long-password", name: "Pic Ture", image },
    });
  const storedImage = async (email: string) =>
    (await app.ctx.db.select({ image: users.image }).from(users).where(eq(users.email, email)))[0]?.image;

  it.each(BAD_IMAGES.map((image) => [image.slice(0, 60), image]))("refuses %s with 400", async (_label, image) => {
    const res = await signUp(image);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^image: Image must be/);
  });

  it("takes an https address or one of the app's avatars, up to 2,048 characters", async () => {
    for (const image of [
      "https://images.example/me.png",
      AVATARS[0] as string,
      `https://i.example/${"a".repeat(2000)}`,
    ]) {
      expect(isAllowedProfileImage(image), image).toBe(true);
      const email = uniqueEmail("image");
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { email, password: "a-long-password", name: "Pic Ture", image },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await storedImage(email)).toBe(image);
    }
  });

  it("is checked on every write of the account, not only the sign-up body (OAuth profiles, updates)", async () => {
    const user = await createUser(app);
    const auth = await app.ctx.auth.ready();
    const update = (image: string) => auth.api.updateUser({ headers: new Headers(user.headers), body: { image } });
    await expect(update("javascript:alert(1)")).rejects.toMatchObject({ statusCode: 400 });
    expect(await storedImage(user.email)).toBeNull();
    await update("https://images.example/ok.png");
    expect(await storedImage(user.email)).toBe("https://images.example/ok.png");
  });
});
