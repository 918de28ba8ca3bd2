import { cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { NumberInput } from "./number-input.tsx";
import { renderWithMantine } from "./test-utils.tsx";

let last: number | null = null;

function Harness({ min, max, initial = 20 }: { min?: number; max?: number; initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <NumberInput
      label="Line height"
      min={min}
      max={max}
      value={value}
      onChange={(next) => {
        last = next;
        setValue(next);
      }}
    />
  );
}

const input = () => screen.getByRole("spinbutton", { name: "Line height" }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  last = null;
});

describe("NumberInput", () => {
  it("clamps a typed value to max on blur", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness min={0} max={100} />);
    await user.clear(input());
    await user.type(input(), "150");
    expect(input().value).toBe("150");
    fireEvent.blur(input());
    expect(input().value).toBe("100");
    expect(last).toBe(100);
  });

  it("drops a minus sign when min is not negative, keeps it otherwise", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness min={0} max={100} initial={null} />);
    await user.type(input(), "-5");
    expect(input().value).toBe("5");
    cleanup();
    renderWithMantine(<Harness min={-10} max={10} initial={null} />);
    await user.type(input(), "-5");
    expect(input().value).toBe("-5");
    expect(last).toBe(-5);
  });

  it("spins with the arrow keys and jumps with Home and End", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness min={0} max={100} initial={20} />);
    await user.click(input());
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(input().value).toBe("22");
    await user.keyboard("{ArrowDown}");
    expect(input().value).toBe("21");
    await user.keyboard("{End}");
    expect(input().value).toBe("100");
    await user.keyboard("{ArrowUp}");
    expect(input().value).toBe("100");
    await user.keyboard("{Home}");
    expect(input().value).toBe("0");
    expect(last).toBe(0);
    expect(input().getAttribute("aria-valuemin")).toBe("0");
    expect(input().getAttribute("aria-valuemax")).toBe("100");
  });
});
