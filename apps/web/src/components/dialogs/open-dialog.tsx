import { type ModalSettings, modals } from "@mantine/modals";
import type { ReactNode } from "react";
import classes from "./dialog.module.css";
import { captureOpener, returnFocus, returnPending } from "./focus-return.ts";
import { whenModalsReady } from "./modals-ready.ts";

export type DialogWidth = 350 | 400 | 500;

let counter = 0;

export type OpenDialogOptions<T> = Omit<ModalSettings, "children" | "size" | "modalId" | "onClose"> & {
  width: DialogWidth;
  /** Stable name used as the modal id prefix and the `data-dialog` attribute. */
  name: string;
  /** Renders the body; call `close(result)` to resolve the promise and close. */
  render: (close: (result?: T) => void) => ReactNode;
};

/**
 * Opens a Mantine modal and resolves when it closes: with the value given to `close(result)`,
 * or undefined when dismissed (x, Escape, click outside). Focus goes back to the control that had it
 * when the dialog was asked for (focus-return.ts).
 */
export async function openDialog<T>({
  width,
  name,
  render,
  classNames,
  ...settings
}: OpenDialogOptions<T>): Promise<T | undefined> {
  const opener = captureOpener();
  await whenModalsReady();
  counter += 1;
  const modalId = `${name}-${counter}`;
  return new Promise<T | undefined>((resolve) => {
    let settled = false;
    const settle = (result?: T) => {
      if (settled) return;
      settled = true;
      returnPending(opener);
      resolve(result);
    };
    const close = (result?: T) => {
      settle(result);
      modals.close(modalId);
    };
    modals.open({
      ...settings,
      modalId,
      size: "var(--nl-dialog-size)",
      classNames: {
        ...(typeof classNames === "object" ? classNames : {}),
        root: classes[`w${width}`],
        content: classes.content,
      },
      "data-dialog": name,
      returnFocus: false,
      onClose: () => settle(undefined),
      onExitTransitionEnd: () => returnFocus(opener),
      children: render(close),
    } as ModalSettings);
  });
}
