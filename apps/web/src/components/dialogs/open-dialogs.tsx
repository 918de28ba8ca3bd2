import type { EditorPreferences } from "@neonlab/shared/schemas/profile";
import { MESSAGES, modalFailed } from "@neonlab/shared/messages";
import { reportClientError } from "../../lib/client-errors.ts";
import { toast } from "../../lib/toasts.ts";
import type { ConfirmOptions } from "./confirm-dialog.tsx";
import { openDialog } from "./open-dialog.tsx";
import type { ShareHackInput } from "./share-hack-dialog.tsx";
import type { TitleDialogOptions } from "./title-dialog.tsx";

type FailureText = Parameters<typeof modalFailed>[0];

/** Runs an opener; when the dialog can not be shown (e.g. its code fails to load) shows the spec toast. */
export async function guarded<T>(failure: FailureText | null, open: () => Promise<T>): Promise<T | undefined> {
  try {
    return await open();
  } catch (error) {
    reportClientError(error);
    toast.error(failure ? modalFailed(failure) : MESSAGES.genericError);
    return undefined;
  }
}

const completion = () => import("./completion-dialogs.tsx");

/** Dialog 1. Resolves true when a new avatar was saved (the profile is updated), false when dismissed. */
export async function openAvatarChooser(): Promise<boolean> {
  const saved = await guarded(null, async () => {
    const { AvatarChooserDialog } = await import("./avatar-chooser-dialog.tsx");
    return openDialog<true>({
      name: "avatar-chooser",
      width: 500,
      title: "Choose your avatar",
      render: (close) => <AvatarChooserDialog onSaved={() => close(true)} />,
    });
  });
  return saved === true;
}

/** Dialog 2 ("Great work!"); reloads the profile when it opens. `xp` 0 or absent: no XP line. */
export function openLessonCompleteDialog({ xp }: { xp?: number } = {}): Promise<void> {
  return guarded("lesson complete", async () => {
    const { CompletionDialog } = await completion();
    await openDialog({
      name: "lesson-complete",
      width: 350,
      title: "Lesson complete",
      render: (close) => <CompletionDialog kind="lesson" xp={xp} onClose={() => close()} />,
    });
  }).then(() => undefined);
}

/** Dialog 3, as lesson complete with "project" in the wording. */
export function openProjectCompleteDialog({ xp }: { xp?: number } = {}): Promise<void> {
  return guarded("project complete", async () => {
    const { CompletionDialog } = await completion();
    await openDialog({
      name: "project-complete",
      width: 350,
      title: "Project complete",
      render: (close) => <CompletionDialog kind="project" xp={xp} onClose={() => close()} />,
    });
  }).then(() => undefined);
}

/** Dialog 4: "{count} Day Streak!". */
export function openStreakDialog({ count }: { count: number }): Promise<void> {
  return guarded("streak", async () => {
    const { StreakDialog } = await completion();
    await openDialog({
      name: "streak",
      width: 350,
      title: "Daily streak",
      render: (close) => <StreakDialog count={count} onClose={() => close()} />,
    });
  }).then(() => undefined);
}

/** Dialog 5: "Here's Your Badge!" with the badge image and name, and the NeonBits it earned. */
export function openChapterBadgeDialog({
  name,
  image,
  neonbits = 0,
}: {
  name: string;
  image: string;
  neonbits?: number;
}): Promise<void> {
  return guarded("chapter complete", async () => {
    const { ChapterBadgeDialog } = await completion();
    await openDialog({
      name: "chapter-badge",
      width: 350,
      title: "Chapter complete",
      render: (close) => <ChapterBadgeDialog name={name} image={image} neonbits={neonbits} onClose={() => close()} />,
    });
  }).then(() => undefined);
}

/** Dialog 6, titled Congratulations, with the NeonBits the course earned. */
export function openCourseCompleteDialog({ neonbits = 0 }: { neonbits?: number } = {}): Promise<void> {
  return guarded("course complete", async () => {
    const { CourseCompleteDialog } = await completion();
    await openDialog({
      name: "course-complete",
      width: 350,
      title: "Congratulations",
      render: (close) => <CourseCompleteDialog neonbits={neonbits} onClose={() => close()} />,
    });
  }).then(() => undefined);
}

/** Dialog 7: share links of a hack (live site only when it has an environment). */
export function openShareHackDialog(input: ShareHackInput): Promise<void> {
  return guarded("share hack", async () => {
    const { ShareHackDialog } = await import("./share-hack-dialog.tsx");
    await openDialog({
      name: "share-hack",
      width: 350,
      title: "Share Hack",
      render: () => <ShareHackDialog {...input} />,
    });
  }).then(() => undefined);
}

/**
 * Dialog 8: resolves with the saved preferences, or undefined on Cancel. `onChange` gets every valid
 * change as it is made (the editor shows it live; on Cancel the caller goes back to what it had).
 */
export function openEditorConfigDialog(
  options: { onChange?: (preferences: EditorPreferences) => void } = {},
): Promise<EditorPreferences | undefined> {
  return guarded("editor configuration", async () => {
    const { EditorConfigDialog } = await import("./editor-config-dialog.tsx");
    return openDialog<EditorPreferences>({
      name: "editor-config",
      width: 400,
      title: "Editor Configuration",
      withCloseButton: false,
      closeOnClickOutside: false,
      render: (close) => <EditorConfigDialog onDone={(saved) => close(saved)} onChange={options.onChange} />,
    });
  });
}

/** Dialog 10: resolves true on confirm and undefined on cancel or dismiss. */
export async function openConfirmDialog(options: ConfirmOptions): Promise<true | undefined> {
  return guarded(null, async () => {
    const { ConfirmDialog } = await import("./confirm-dialog.tsx");
    return openDialog<true>({
      name: "confirm",
      width: 500,
      title: options.title ?? "Please confirm",
      render: (close) => (
        <ConfirmDialog options={options} onConfirm={() => close(true)} onCancel={() => close(undefined)} />
      ),
    });
  });
}

/** Asks for the title of something about to be created: resolves with it (trimmed), or undefined on cancel. */
export async function openTitleDialog(options: TitleDialogOptions): Promise<string | undefined> {
  return guarded(null, async () => {
    const { TitleDialog } = await import("./title-dialog.tsx");
    return openDialog<string>({
      name: "title",
      width: 400,
      title: options.heading,
      render: (close) => (
        <TitleDialog options={options} onDone={(title) => close(title)} onCancel={() => close(undefined)} />
      ),
    });
  });
}
