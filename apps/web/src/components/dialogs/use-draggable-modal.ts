import { type RefObject, useEffect } from "react";

/**
 * Makes the Mantine modal around `anchor` draggable by its header (pointer and keyboard-free:
 * the dialog stays usable without dragging). Movement is kept inside the viewport.
 */
export function useDraggableModal(anchor: RefObject<HTMLElement | null>, handleClass: string) {
  useEffect(() => {
    const content = anchor.current?.closest<HTMLElement>(".mantine-Modal-content");
    const handle = content?.querySelector<HTMLElement>(".mantine-Modal-header");
    if (!content || !handle) return;
    handle.classList.add(handleClass);
    let offset = { x: 0, y: 0 };
    let start: { x: number; y: number; ox: number; oy: number } | null = null;

    const onDown = (event: PointerEvent) => {
      if (event.button !== 0 || (event.target as HTMLElement).closest("button, input, select, textarea")) return;
      start = { x: event.clientX, y: event.clientY, ox: offset.x, oy: offset.y };
      handle.setPointerCapture(event.pointerId);
    };
    const onMove = (event: PointerEvent) => {
      if (!start) return;
      const rect = content.getBoundingClientRect();
      const maxX = window.innerWidth / 2 + rect.width / 2 - 40;
      const maxY = window.innerHeight / 2 + rect.height / 2 - 40;
      offset = {
        x: Math.max(-maxX, Math.min(maxX, start.ox + event.clientX - start.x)),
        y: Math.max(-maxY, Math.min(maxY, start.oy + event.clientY - start.y)),
      };
      content.style.translate = `${offset.x}px ${offset.y}px`;
    };
    const onUp = (event: PointerEvent) => {
      start = null;
      if (handle.hasPointerCapture(event.pointerId)) handle.releasePointerCapture(event.pointerId);
    };
    handle.addEventListener("pointerdown", onDown);
    handle.addEventListener("pointermove", onMove);
    handle.addEventListener("pointerup", onUp);
    handle.addEventListener("pointercancel", onUp);
    return () => {
      handle.removeEventListener("pointerdown", onDown);
      handle.removeEventListener("pointermove", onMove);
      handle.removeEventListener("pointerup", onUp);
      handle.removeEventListener("pointercancel", onUp);
    };
  }, [anchor, handleClass]);
}
