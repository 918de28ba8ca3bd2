// What other features use of classrooms: the learner's assignments (the courses page's "Assigned" marks) and
// Settings' list of the classrooms that can see their progress.
export { useMyAssignments } from "./api/classrooms.ts";
export { ProgressVisibility } from "./lazy.tsx";
export { dueText } from "./lib.ts";
