import { ModalsProvider } from "@mantine/modals";
import { useEffect } from "react";
import { signalModalsReady } from "./modals-ready.ts";

/** Renders the dialogs opened through `openDialog` (a sibling of the app, loaded after first paint). */
export function ModalsHost() {
  useEffect(() => signalModalsReady(), []);
  return <ModalsProvider labels={{ confirm: "Yes", cancel: "No" }}>{null}</ModalsProvider>;
}
