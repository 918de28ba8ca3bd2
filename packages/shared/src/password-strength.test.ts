import { describe, expect, it } from "vitest";
import { PASSWORD_PROBLEMS, personalWords } from "./password-policy.ts";
import { checkPassword } from "./password-strength.ts";

describe("checkPassword", () => {
  it.each(["12345678", "password", "Password1", "P@ssw0rd", "drowssap", "iloveyou", "qwertyuiop", "11111111"])(
    "refuses the common password %s",
    (password) => expect(checkPassword(password).problem).toBe(PASSWORD_PROBLEMS.common),
  );

  it("takes 8 to 128 characters and scores longer unrelated words higher", () => {
    expect(checkPassword("violet-kettle-42")).toEqual({ score: 4, problem: null });
    expect(checkPassword("a1b2c3d4e5".repeat(13).slice(0, 128)).problem).toBeNull();
    expect(checkPassword("x".repeat(129)).problem).toBe("Password must be at most 128 characters");
    expect(checkPassword("Ab1!").problem).toBe("Password must be at least 8 characters");
    expect(checkPassword("sunshine!").score).toBeLessThan(checkPassword("violet-kettle-42").score);
  });

  it("refuses the owner's e-mail, its local part, name and username, in any case and spacing", () => {
    const owner = { email: "Nina.Hack@Example.com", name: "Nina Simone", username: "ninja_coder" };
    for (const password of ["nina.hack@example.com", "NINA.HACK-2024", "ninasimone!!", "my-Ninja_Coder-pass"]) {
      expect(checkPassword(password, owner).problem, password).toBe(PASSWORD_PROBLEMS.personal);
    }
    expect(checkPassword("violet-kettle-42", owner).problem).toBeNull();
  });

  it("ignores personal pieces too short to mean anything", () => {
    expect(personalWords({ email: "al@x.io", name: "Bo" })).toEqual(["al@x.io"]);
    expect(checkPassword("always-violet-42", { email: "al@x.io", name: "Bo" }).problem).toBeNull();
  });
});
