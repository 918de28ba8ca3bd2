import { lazy, Suspense, useState } from "react";
import type { ConfirmEmailDialogProps } from "./confirm-email-dialog.tsx";

const Dialog = lazy(() => import("./confirm-email-dialog.tsx").then((m) => ({ default: m.ConfirmEmailDialog })));

/**
 * Spec dialog 9 with its code (the modal, its scroll area, the code entry) loaded the first time it opens: the
 * sign-in and sign-up pages show it only after a submit, and their first paint needs none of it. Once opened it
 * stays mounted, so closing plays the modal's exit transition.
 */
export function ConfirmEmailDialogOnOpen(props: ConfirmEmailDialogProps) {
  const [opened, setOpened] = useState(props.opened);
  if (props.opened && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
