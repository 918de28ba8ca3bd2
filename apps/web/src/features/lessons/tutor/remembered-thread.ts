/**
 * Which conversation the tutor panel shows for a lesson, kept in localStorage so a reload reopens it: the one
 * last chosen (or "new" when the learner started a new one), else the newest.
 */
const key = (lessonId: number) => `neonlab:tutor-thread:${lessonId}`;

export function rememberThread(lessonId: number, threadId: number | null) {
  try {
    window.localStorage.setItem(key(lessonId), threadId === null ? "new" : String(threadId));
  } catch {
    // Storage refused (private mode, quota): the panel opens the newest conversation instead.
  }
}

/** The conversation to open: the remembered one while it still exists, none after "new", else the newest. */
export function rememberedThread(lessonId: number, threads: { id: number }[]): number | null {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(key(lessonId));
  } catch {
    stored = null;
  }
  if (stored === "new") return null;
  const id = Number(stored);
  if (stored !== null && threads.some((t) => t.id === id)) return id;
  return threads[0]?.id ?? null;
}
