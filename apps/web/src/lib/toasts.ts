import { TOAST_DURATION_MS } from "@neonlab/shared/constants";
import type { ReactNode } from "react";
import { wantHost } from "./hosts.ts";

export type ToastKind = "success" | "error" | "warning" | "info";

const TITLES: Record<ToastKind, string> = { success: "Success", error: "Error", warning: "Warning", info: "Info" };
const COLORS: Record<ToastKind, string> = { success: "neon", error: "red", warning: "yellow", info: "cyan" };

// Loaded on first use: the notifications package stays out of the first route's bundle.
let store: Promise<typeof import("@mantine/notifications")> | null = null;
const loadStore = () => {
  store ??= import("@mantine/notifications");
  return store;
};

export type ToastOptions = { title?: string; autoClose?: number | false; id?: string };

/** Shows a spec toast (§8): a title (Success, Error, Warning, Info unless given) and a detail line, 3000 ms. */
export function showToast(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): void {
  wantHost("toasts");
  void loadStore().then(({ notifications }) =>
    notifications.show({
      id: options.id,
      title: options.title ?? TITLES[kind],
      message,
      color: COLORS[kind],
      autoClose: options.autoClose ?? TOAST_DURATION_MS,
      withBorder: true,
      classNames: { root: `nl-toast nl-toast-${kind}` },
    }),
  );
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => showToast("success", message, options),
  error: (message: ReactNode, options?: ToastOptions) => showToast("error", message, options),
  warning: (message: ReactNode, options?: ToastOptions) => showToast("warning", message, options),
  info: (message: ReactNode, options?: ToastOptions) => showToast("info", message, options),
};
