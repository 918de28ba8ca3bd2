import { Center, Loader, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import classes from "./editor.module.css";
import { PREVIEW_SANDBOX, useSandbox } from "./sandbox.ts";
import type { ConsoleEntry, PreviewFrameProps } from "./types.ts";

/** After typing stops, how long the preview waits before it renders (the whole update stays under 300 ms). */
export const PREVIEW_DEBOUNCE_MS = 150;
const LEVELS = new Set(["log", "info", "warn", "error", "debug"]);

/**
 * The live preview: the preview site's bootstrap page in a sandboxed frame (no allow-same-origin; the site
 * is another host name, decision 028). The files go to it by postMessage; it renders them in a fresh
 * frame and sends back console lines, errors and `neonlab-check` messages.
 */
export function PreviewFrame({
  files,
  extraScript,
  onConsole,
  onMessage,
  onRendered,
  title = "Preview",
  className,
}: PreviewFrameProps) {
  const sandbox = useSandbox();
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  const lastId = useRef(0);
  const changedAt = useRef(new Map<number, number>());
  const latest = useRef({ files, extraScript, changed: performance.now() });
  const handlers = useRef({ onConsole, onMessage, onRendered });
  handlers.current = { onConsole, onMessage, onRendered };

  const send = () => {
    const target = frame.current?.contentWindow;
    if (!target || !ready.current) return;
    const id = ++lastId.current;
    changedAt.current.set(id, latest.current.changed);
    // The bootstrap page's origin is opaque ("null"), so no narrower target can be named.
    target.postMessage(
      { type: "render", id, files: latest.current.files, extraScript: latest.current.extraScript },
      "*",
    );
  };

  useEffect(() => {
    latest.current = { files, extraScript, changed: performance.now() };
    const timer = setTimeout(send, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [files, extraScript]);

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data = event.data as { source?: string; type?: string; [key: string]: unknown } | null;
      if (data?.source !== "neonlab-sandbox") return;
      if (data.type === "ready") {
        ready.current = true;
        send();
      } else if (data.type === "rendered" && data.id === lastId.current) {
        const ms = Math.round(performance.now() - (changedAt.current.get(lastId.current) ?? performance.now()));
        changedAt.current.clear();
        frame.current.dataset.renderedId = String(data.id);
        frame.current.dataset.renderMs = String(ms);
        handlers.current.onRendered?.(ms);
      } else if (data.type === "console") {
        const level = LEVELS.has(String(data.level)) ? (data.level as ConsoleEntry["level"]) : "log";
        handlers.current.onConsole?.({ level, text: String(data.text), at: Date.now() });
      } else if (data.type === "message") {
        handlers.current.onMessage?.(data.data);
      }
    };
    window.addEventListener("message", receive);
    return () => window.removeEventListener("message", receive);
  }, []);

  if (sandbox.isError) {
    return (
      <Center h="100%" p="md">
        <Text c="dimmed" size="sm">
          The preview can not start right now. Your code is not affected.
        </Text>
      </Center>
    );
  }
  if (!sandbox.data) {
    return (
      <Center h="100%">
        <Loader size="sm" aria-label="Starting the preview" />
      </Center>
    );
  }
  return (
    <iframe
      ref={frame}
      title={title}
      src={sandbox.data.bootstrap_url}
      sandbox={PREVIEW_SANDBOX}
      allow=""
      referrerPolicy="no-referrer"
      className={className ?? classes.frame}
    />
  );
}
