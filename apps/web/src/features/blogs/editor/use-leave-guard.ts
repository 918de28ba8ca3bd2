import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";

/**
 * Leaving with unsaved changes asks first: another page of the app (React Router's blocker, the
 * confirmation dialog), or closing or reloading the tab (the browser's own `beforeunload` question).
 */
export function useLeaveGuard(unsaved: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    void openConfirmDialog({
      title: "Leave the editor?",
      message: "<p>Your latest changes are not saved yet. If you leave now, they are lost.</p>",
      confirmLabel: "Leave",
      cancelLabel: "Stay",
    }).then((leave) => {
      if (current.current.state !== "blocked") return;
      if (leave) current.current.proceed();
      else current.current.reset();
    });
  }, [blocker.state]);

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [unsaved]);
}
