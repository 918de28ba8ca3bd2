// What other features use of notifications: the kinds' names and the preferences (Settings → Notifications).
export { usePreferences, useSavePreferences } from "./api/notifications.ts";
export { KIND_LABELS } from "./kinds.ts";
