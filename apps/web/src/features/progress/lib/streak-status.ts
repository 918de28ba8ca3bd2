import type { StreakStatus } from "@neonlab/shared/schemas/progress";

/** The sentence under the streak counter for each status. */
export function streakStatusText(status: StreakStatus, count: number): string {
  switch (status) {
    case "none":
      return "No streak yet. Complete a lesson to start one.";
    case "done":
      return `Extended today. Come back tomorrow to make it ${count + 1}.`;
    case "alive":
      return "Complete a lesson today to keep it going.";
    case "broken":
      return "Your streak is broken. Complete a lesson to start a new one.";
  }
}
