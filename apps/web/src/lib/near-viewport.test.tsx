import { act, cleanup, render, screen } from "@testing-library/react";
import { lazy } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NearViewport } from "./hydrated.tsx";

/** The browser's IntersectionObserver, told by the test when the watched element comes near. */
class FakeObserver {
  static last: FakeObserver | undefined;
  options: IntersectionObserverInit | undefined;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {}
  comeNear(isIntersecting: boolean) {
    this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("NearViewport", () => {
  it("shows the fallback and loads nothing until the place comes near the viewport", async () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const load = vi.fn(async () => ({ default: () => <p>The carousel</p> }));
    const Carousel = lazy(load);
    render(
      <NearViewport fallback={<p>Skeleton</p>}>
        <Carousel />
      </NearViewport>,
    );
    expect(screen.getByText("Skeleton")).toBeTruthy();
    expect(FakeObserver.last?.options?.rootMargin).toBe("200px 0px");

    act(() => FakeObserver.last?.comeNear(false));
    expect(load).not.toHaveBeenCalled();

    act(() => FakeObserver.last?.comeNear(true));
    expect(await screen.findByText("The carousel")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
