import { describe, expect, it, vi } from "vitest";
import { centredPopupFeatures, openShareUrl } from "./share-window.ts";

function fakeWindow() {
  const open = vi.fn();
  const win = {
    innerWidth: 1300,
    innerHeight: 900,
    screenLeft: 100,
    screenTop: 50,
    screenX: 100,
    screenY: 50,
    screen: { availWidth: 1300 },
    document: { documentElement: { clientWidth: 1300, clientHeight: 900 } },
    open,
  } as unknown as Window;
  return { win, open };
}

describe("share window", () => {
  it("centres a 500×500 popup on the window", () => {
    const { win } = fakeWindow();
    expect(centredPopupFeatures(win)).toBe("width=500,height=500,left=500,top=250,noopener");
  });

  it("opens http(s) links in the popup named sharer and others in a new tab", () => {
    const { win, open } = fakeWindow();
    openShareUrl("https://www.reddit.com/submit?url=x", win);
    expect(open).toHaveBeenLastCalledWith(
      "https://www.reddit.com/submit?url=x",
      "sharer",
      expect.stringContaining("width=500,height=500"),
    );
    openShareUrl("mailto:?subject=x", win);
    expect(open).toHaveBeenLastCalledWith("mailto:?subject=x", "_blank", "noopener");
  });
});
