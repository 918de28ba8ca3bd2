import { cleanup, fireEvent, render } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useDraggableModal } from "./use-draggable-modal.ts";

afterEach(() => cleanup());

function Modal() {
  const anchor = useRef<HTMLFormElement>(null);
  useDraggableModal(anchor, "drag-handle");
  return (
    <section className="mantine-Modal-content" data-testid="content">
      <header className="mantine-Modal-header" data-testid="header">
        Editor Configuration <button type="button">x</button>
      </header>
      <form ref={anchor} />
    </section>
  );
}

const pointer = (x: number, y: number) => ({ button: 0, pointerId: 1, clientX: x, clientY: y });

describe("useDraggableModal", () => {
  it("moves the dialog by its header, kept inside the viewport", () => {
    const { getByTestId } = render(<Modal />);
    const header = getByTestId("header");
    const content = getByTestId("content");
    expect(header.classList.contains("drag-handle")).toBe(true);
    fireEvent.pointerDown(header, pointer(100, 100));
    fireEvent.pointerMove(header, pointer(200, 160));
    expect(content.style.translate).toBe("100px 60px");
    fireEvent.pointerMove(header, pointer(100_000, 160));
    expect(content.style.translate).toBe(`${window.innerWidth / 2 - 40}px 60px`);
    fireEvent.pointerUp(header, pointer(100_000, 160));
    fireEvent.pointerMove(header, pointer(0, 0));
    expect(content.style.translate).toBe(`${window.innerWidth / 2 - 40}px 60px`);
  });

  it("does not drag from the header's buttons", () => {
    const { getByTestId, getByRole } = render(<Modal />);
    fireEvent.pointerDown(getByRole("button", { name: "x" }), pointer(100, 100));
    fireEvent.pointerMove(getByTestId("header"), pointer(200, 160));
    expect(getByTestId("content").style.translate).toBe("");
  });
});
