import { cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { CodeEntry } from "./code-entry.tsx";
import { renderWithMantine } from "./test-utils.tsx";

let code = "";
function Harness() {
  const [value, setValue] = useState("");
  return (
    <CodeEntry
      value={value}
      onChange={(next) => {
        code = next;
        setValue(next);
      }}
    />
  );
}

const field = () => screen.getByLabelText("Confirmation code") as HTMLInputElement;

afterEach(() => {
  cleanup();
  code = "";
});

describe("CodeEntry", () => {
  it("shows typed digits with a dash after the third and ignores letters", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.type(field(), "12a3");
    expect(field().value).toBe("123");
    await user.type(field(), "45");
    expect(field().value).toBe("123-45");
    expect(code).toBe("12345");
  });

  it("cuts a pasted code to six digits", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.click(field());
    await user.paste("987 654 321");
    expect(field().value).toBe("987-654");
    expect(code).toBe("987654");
  });

  it("removes the dash with the digit before it on backspace", () => {
    renderWithMantine(<Harness />);
    fireEvent.change(field(), { target: { value: "1234" } });
    expect(field().value).toBe("123-4");
    fireEvent.change(field(), { target: { value: "123-" } });
    expect(field().value).toBe("123");
  });
});
