import { afterEach, describe, expect, it } from "vitest";
import { readCookie, writeCookie } from "./cookies.ts";
import { consumeReturnPath, isSafeReturnPath, RETURN_PATH_COOKIE, saveReturnPath } from "./return-path.ts";

afterEach(() => {
  writeCookie(RETURN_PATH_COOKIE, "", 0);
});

describe("return path cookie", () => {
  it("saves the requested path and gives it back once", () => {
    saveReturnPath("/settings?tab=account");
    expect(readCookie(RETURN_PATH_COOKIE)).toBe("/settings?tab=account");
    expect(consumeReturnPath()).toBe("/settings?tab=account");
    expect(consumeReturnPath()).toBeNull();
  });

  it("never stores or returns another site or an auth page", () => {
    for (const bad of ["https://evil.test/", "//evil.test/x", "/\\evil", "/login", "/register?x=1", "settings"]) {
      expect(isSafeReturnPath(bad)).toBe(false);
      saveReturnPath(bad);
      expect(consumeReturnPath()).toBeNull();
    }
  });
});
