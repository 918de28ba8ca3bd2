/// <reference lib="dom" />
// The page the editor frames on the preview site (decision 028). It runs in an opaque origin (the answer's
// CSP sandbox has no allow-same-origin), takes the files from the app by postMessage, and renders them in
// a fresh sandboxed child frame each time: the learner's styles and scripts inlined as data: URLs, a
// console hook first and the caller's extra script (project checks) last. What the page logs, throws or
// posts as { source: "neonlab-check" } is passed up to the app. Kept as plain functions so they are
// tested in Node and written into the page with Function.prototype.toString.

export type RenderRequest = {
  type: "render";
  id: number;
  files: Array<{ name: string; content: string }>;
  extraScript?: string;
};

/** Runs first inside the rendered page: console output, errors and rejections go to the bootstrap. */
export function consoleHook() {
  const send = (message: Record<string, unknown>) => {
    try {
      parent.postMessage({ source: "neonlab-preview", ...message }, "*");
    } catch {
      // A value that can not be cloned is dropped; the page goes on.
    }
  };
  const show = (value: unknown): string => {
    if (typeof value === "string") return value;
    if (value instanceof Error) return value.stack || String(value);
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  };
  const levels = ["log", "info", "warn", "error", "debug"] as const;
  for (const level of levels) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      send({ type: "console", level, text: args.map(show).join(" ") });
      original(...args);
    };
  }
  addEventListener("error", (event) => {
    const where = event.lineno ? ` (line ${event.lineno})` : "";
    send({ type: "console", level: "error", text: `${event.message}${where}` });
  });
  addEventListener("unhandledrejection", (event) => {
    send({ type: "console", level: "error", text: `Unhandled promise rejection: ${show(event.reason)}` });
  });
}

/** A reference in the page to one of the hack's own files ("style.css", "./style.css?v=2"), or null. */
export function localFileName(reference: string | null): string | null {
  if (!reference) return null;
  const path = reference.trim().split(/[?#]/)[0] ?? "";
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("//")) return null;
  return path.replace(/^(\.\/|\/)+/, "").toLowerCase() || null;
}

/** UTF-8 text as a base64 data: URL. */
export function dataUrl(type: string, text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${type};charset=utf-8;base64,${btoa(binary)}`;
}

/** The document the child frame shows for a set of files (DOMParser: in the browser). */
export function buildDocument(
  files: RenderRequest["files"],
  extraScript: string | undefined,
  hookSource: string,
  toDataUrl: typeof dataUrl,
  fileName: typeof localFileName,
): string {
  const byName = new Map(files.map((file) => [file.name.toLowerCase(), file.content]));
  const index = byName.get("index.html") ?? byName.get("index.htm");
  const fallback =
    '<!doctype html><html><body style="font:14px system-ui,sans-serif;color:#555;padding:1rem">' +
    "This hack has no index.html, so there is no page to show.</body></html>";
  const doc = new DOMParser().parseFromString(index ?? fallback, "text/html");
  for (const link of Array.from(doc.querySelectorAll("link[href]"))) {
    const rel = (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    const name = fileName(link.getAttribute("href"));
    const css = name === null ? undefined : byName.get(name);
    if (rel.includes("stylesheet") && css !== undefined) link.setAttribute("href", toDataUrl("text/css", css));
  }
  for (const script of Array.from(doc.querySelectorAll("script[src]"))) {
    const name = fileName(script.getAttribute("src"));
    const js = name === null ? undefined : byName.get(name);
    if (js !== undefined) script.setAttribute("src", toDataUrl("text/javascript", js));
  }
  const hook = doc.createElement("script");
  hook.textContent = hookSource;
  doc.head.prepend(hook);
  if (extraScript) {
    const extra = doc.createElement("script");
    extra.setAttribute("src", toDataUrl("text/javascript", extraScript));
    doc.body.append(extra);
  }
  return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`;
}

/** The bootstrap page's own script. */
function bootstrap(appOrigin: string, build: (request: RenderRequest) => string) {
  let current: HTMLIFrameElement | null = null;
  const up = (message: Record<string, unknown>) =>
    parent.postMessage({ source: "neonlab-sandbox", ...message }, appOrigin);
  const render = (request: RenderRequest) => {
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts allow-forms allow-modals allow-popups");
    frame.title = "Preview";
    frame.srcdoc = build(request);
    current = frame;
    // The new page replaces the shown one once it has loaded (no blank flash); a newer render wins.
    frame.addEventListener("load", () => {
      if (frame !== current) return;
      for (const other of Array.from(document.querySelectorAll("iframe"))) if (other !== frame) other.remove();
      up({ type: "rendered", id: request.id });
    });
    document.body.append(frame);
  };
  addEventListener("message", (event) => {
    const data = event.data;
    if (!data || typeof data !== "object") return;
    if (event.source === parent && event.origin === appOrigin) {
      if (data.type === "render" && Array.isArray(data.files)) render(data as RenderRequest);
      return;
    }
    if (!current || event.source !== current.contentWindow) return;
    if (data.source === "neonlab-preview" && data.type === "console") {
      up({ type: "console", level: String(data.level), text: String(data.text).slice(0, 10_000) });
    } else if (data.source === "neonlab-check") {
      up({ type: "message", data });
    }
  });
  up({ type: "ready" });
}

/** The bootstrap page: no outside resource, one inline script, the app's origin written in. */
export function bootstrapPage(appOrigin: string): string {
  const script = [
    `const consoleHook = ${consoleHook.toString()};`,
    `const localFileName = ${localFileName.toString()};`,
    `const dataUrl = ${dataUrl.toString()};`,
    `const buildDocument = ${buildDocument.toString()};`,
    `const hookSource = "(" + consoleHook.toString() + ")();";`,
    `(${bootstrap.toString()})(${JSON.stringify(appOrigin)}, (request) => buildDocument(request.files, request.extraScript, hookSource, dataUrl, localFileName));`,
  ]
    .join("\n")
    .replaceAll("</", "<\\/");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>NeonLab preview</title>
<style>html,body{margin:0;height:100%;background:#fff;overflow:hidden}iframe{position:absolute;inset:0;width:100%;height:100%;border:0;background:#fff}</style>
</head>
<body>
<script>
${script}
</script>
</body>
</html>
`;
}
