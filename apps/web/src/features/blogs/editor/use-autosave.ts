import { type BlogEdit, type BlogUpdate, blogUpdateSchema } from "@neonlab/shared/schemas/blogs";
import { useCallback, useEffect, useRef, useState } from "react";
import { api, errorMessage } from "../../../lib/api-client.ts";

/** After the last change, how long the editor waits before saving (a pause in typing). */
export const AUTOSAVE_DELAY_MS = 1200;

export type SaveState =
  | { kind: "saved" }
  | { kind: "unsaved" }
  | { kind: "saving" }
  /** The draft as it stands can not be saved (an empty title…): said next to the state, nothing sent. */
  | { kind: "invalid"; message: string }
  | { kind: "error"; message: string };

/**
 * Autosave: `touch()` after each change; `read()` gives the whole text (PUT blogs/{id} takes all of it) when
 * the save runs, a pause after the last change. One save at a time; changes made during one are saved
 * after it. The answer (with the freshly rendered `contentHtml`) is handed to `onSaved`. `hold()` says
 * whether something (an image upload) must finish first.
 */
export function useAutosave({
  blogId,
  read,
  hold,
  onSaved,
}: {
  blogId: number;
  read: () => BlogUpdate;
  hold: () => boolean;
  onSaved: (blog: BlogEdit) => void;
}) {
  const [state, setState] = useState<SaveState>({ kind: "saved" });
  const dirty = useRef(false);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ read, hold, onSaved });
  latest.current = { read, hold, onSaved };

  const save = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (running.current) {
      await running.current;
      return dirty.current ? save() : true;
    }
    if (!dirty.current) return true;
    if (latest.current.hold()) {
      timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
      return false;
    }
    const parsed = blogUpdateSchema.safeParse(latest.current.read());
    if (!parsed.success) {
      setState({ kind: "invalid", message: parsed.error.issues[0]?.message ?? "The draft can not be saved yet." });
      return false;
    }
    dirty.current = false;
    setState({ kind: "saving" });
    const attempt = api<BlogEdit>(`blogs/${blogId}`, { method: "PUT", body: parsed.data })
      .then((blog) => {
        latest.current.onSaved(blog);
        setState(dirty.current ? { kind: "unsaved" } : { kind: "saved" });
        return true;
      })
      .catch((error: unknown) => {
        dirty.current = true;
        setState({ kind: "error", message: errorMessage(error) });
        return false;
      });
    running.current = attempt;
    const ok = await attempt;
    running.current = null;
    if (ok && dirty.current) timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return ok;
  }, [blogId]);

  const touch = useCallback(() => {
    dirty.current = true;
    setState((current) => (current.kind === "saving" ? current : { kind: "unsaved" }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
  }, [save]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Unsaved changes, or a save still on its way. */
  const pending = state.kind !== "saved";
  return { state, touch, save, pending };
}
