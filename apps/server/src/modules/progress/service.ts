// The progress module's public surface: what other modules may call (XP, the streak, activities, presence).
export { recordActivity } from "./activity-service.ts";
export {
  activeXpBoost,
  inventoryColumns,
  XP_BOOST_MULTIPLIER,
  xpBoostFactor,
} from "./boost-service.ts";
export {
  completionDay,
  displayedStreakCount,
  freezeUsedEntry,
  type LockedStreak,
  lockStreak,
  recordCompletionDay,
  type StreakColumns,
  streakAt,
  streakRows,
} from "./streak-service.ts";
export { offlineStreakInstant, seenBeforeVisit } from "./presence-service.ts";
export { grantXp } from "./xp-service.ts";
