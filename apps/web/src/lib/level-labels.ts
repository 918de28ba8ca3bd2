/** How a course's or a project's level reads on its badge. */
export const LEVEL_LABELS = { beginner: "Beginner", intermediate: "Intermediate", advanced: "Advanced" } as const;
