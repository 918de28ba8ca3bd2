// The editor and live preview of hacks and guided projects (decision 028). CodeWorkspace loads
// CodeMirror on demand (its own chunk, outside the first route's budget); PreviewFrame runs the files on
// the preview site in a sandboxed frame.
export { CodeWorkspace } from "./code-workspace.tsx";
export { ConsolePanel } from "./console-panel.tsx";
export { PreviewFrame } from "./preview-frame.tsx";
export { fontStack } from "./font-stack.ts";
export type {
  CodeWorkspaceProps,
  ConsoleEntry,
  EditorPreferences,
  PreviewFrameProps,
  WorkspaceFile,
} from "./types.ts";
