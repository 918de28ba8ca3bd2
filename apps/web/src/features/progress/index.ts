// What other features use of progress: the profile's badges, recent activity and streak.
export { BadgeGrid } from "./components/badge-grid.tsx";
export { RecentActivity } from "./components/recent-activity.tsx";
export { StreakWidget } from "./components/streak-widget.tsx";
