import { afterEach, describe, expect, it } from "vitest";
import { readCookie, writeCookie } from "./cookies.ts";
import { trackViewport, VIEWPORT_COOKIE, viewportFor } from "./viewport.ts";

afterEach(() => {
  writeCookie(VIEWPORT_COOKIE, "", 0);
});

describe("viewport", () => {
  it("maps widths to the spec breakpoints with desktop as fallback", () => {
    expect(viewportFor(300)).toBe("mobile");
    expect(viewportFor(320)).toBe("mobile");
    expect(viewportFor(375)).toBe("mobileMedium");
    expect(viewportFor(425)).toBe("mobileWide");
    expect(viewportFor(768)).toBe("tablet");
    expect(viewportFor(1024)).toBe("desktop");
    expect(viewportFor(1279)).toBe("desktop");
    expect(viewportFor(1280)).toBe("desktopMedium");
    expect(viewportFor(1920)).toBe("desktopWide");
    expect(viewportFor(undefined)).toBe("desktop");
    expect(viewportFor(Number.NaN)).toBe("desktop");
  });

  it("writes the viewport cookie", () => {
    window.innerWidth = 800;
    const stop = trackViewport();
    expect(readCookie(VIEWPORT_COOKIE)).toBe("tablet");
    stop();
  });
});
