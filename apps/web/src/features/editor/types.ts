import type { EditorPreferences } from "@neonlab/shared/schemas/profile";

export type { EditorPreferences };
export type WorkspaceFile = { name: string; content: string };

export type CodeWorkspaceProps = {
  files: WorkspaceFile[];
  /** Every edit, rename, addition or removal: the whole new file list. */
  onChange(files: WorkspaceFile[]): void;
  readOnly?: boolean;
  /** Theme, font family, font size, line height (default: the spec's defaults). */
  preferences?: EditorPreferences;
  /**
   * Given: a settings button opens the Editor Configuration dialog; its live changes, then the saved
   * preferences (or the previous ones on Cancel) come back here.
   */
  onPreferencesChange?(preferences: EditorPreferences): void;
  /** Names the file list for screen readers ("Code files"). */
  label?: string;
};

/** A line the previewed page wrote to its console, or an error it threw. */
export type ConsoleEntry = { level: "log" | "info" | "warn" | "error" | "debug"; text: string; at: number };

export type PreviewFrameProps = {
  files: WorkspaceFile[];
  /** Runs after the learner's scripts (e.g. a project's step checks). */
  extraScript?: string;
  onConsole?(entry: ConsoleEntry): void;
  /** What the page posts as `{ source: "neonlab-check", … }` (to its parent). */
  onMessage?(data: unknown): void;
  /** A render finished: the time from the last change to the updated page, in ms. */
  onRendered?(ms: number): void;
  /** The frame's accessible name. */
  title?: string;
  className?: string;
};
