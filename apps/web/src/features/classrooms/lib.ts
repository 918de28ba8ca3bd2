import type { Assignment, ProgressStatus } from "@neonlab/shared/schemas/classrooms";
import { formatDate } from "../../lib/dates.ts";

/** A due day as the reader writes dates (the day itself: it is a calendar day of the classroom's zone). */
export const formatDueDay = (day: string) => formatDate(`${day}T12:00:00Z`, { timeZone: "UTC" });

/** "Due 30 Jun 2099" or "No due date". */
export const dueText = (a: Pick<Assignment, "due_date">) =>
  a.due_date ? `Due ${formatDueDay(a.due_date)}` : "No due date";

export const KIND_LABELS = { course: "Course", chapter: "Chapter", project: "Guided project" } as const;

export const STATUS_LABELS: Record<ProgressStatus, string> = {
  on_time: "On time",
  late: "Late",
  overdue: "Overdue",
  open: "In progress",
};
export const STATUS_COLORS: Record<ProgressStatus, string> = {
  on_time: "green",
  late: "orange",
  overdue: "red",
  open: "gray",
};

/** An assignment's name: a chapter with its course. */
export const assignmentTitle = (a: Pick<Assignment, "title" | "context">) =>
  a.context ? `${a.context} · ${a.title}` : a.title;

/** 0.75 → "75%"; null → "—". */
export const percentText = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)}%`);
