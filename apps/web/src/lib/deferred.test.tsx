import { act, cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { type ReactNode, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferred } from "./deferred.tsx";

afterEach(cleanup);

const greeting = () =>
  deferred(
    async () =>
      function Greeting({ name }: { name: string }) {
        return <p>Hello {name}</p>;
      },
    <p>Loading</p>,
  );

describe("a deferred component", () => {
  it("renders in the same pass once preloaded, as the build's render of a page needs", async () => {
    const Greeting = greeting();
    expect(renderToString(<Greeting name="Ada" />)).toContain("Loading");
    await Greeting.preload();
    expect(renderToString(<Greeting name="Ada" />)).toContain("Hello <!-- -->Ada");
  });

  it("shows its fallback until its code is there, then itself", async () => {
    const Greeting = greeting();
    await act(async () => {
      render(<Greeting name="Ada" />);
    });
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
  });

  it("renders two copies that suspended on the same load, with no conditional use() error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const Counter = deferred(
      () =>
        new Promise<() => ReactNode>((resolve) =>
          setTimeout(() =>
            resolve(function Counter() {
              const [count] = useState(3);
              return <p>Count {count}</p>;
            }),
          ),
        ),
      <p>Loading</p>,
    );
    await act(async () => {
      render(
        <>
          <Counter />
          <Counter />
        </>,
      );
    });
    expect(await screen.findAllByText("Count 3")).toHaveLength(2);
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    errors.mockRestore();
  });

  it("adds no Suspense boundary without a fallback, so preloaded markup hydrates with the rest", async () => {
    const Bare = deferred(async () => () => <p>Bare</p>);
    await Bare.preload();
    expect(renderToString(<Bare />)).toBe("<p>Bare</p>");
    const Boxed = greeting();
    await Boxed.preload();
    expect(renderToString(<Boxed name="Ada" />)).toMatch(/^<!--\$-->/);
  });

  it("tries loading again after a failed load", async () => {
    let attempts = 0;
    const Flaky = deferred(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("offline");
      return () => <p>Loaded</p>;
    });
    await expect(Flaky.preload()).rejects.toThrow("offline");
    await Flaky.preload();
    expect(renderToString(<Flaky />)).toContain("Loaded");
  });
});
