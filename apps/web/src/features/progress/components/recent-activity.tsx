import { Skeleton, Text } from "@mantine/core";
import { RECENT_ACTIVITIES } from "@neonlab/shared/constants";
import type { ActivityKind } from "@neonlab/shared/schemas/progress";
import { IconAward, IconCircleCheck, IconCode, IconTrophy } from "@tabler/icons-react";
import { Link } from "react-router";
import { useActivities } from "../api/get-activities.ts";
import classes from "./progress.module.css";
import { useFormatDate } from "../../../lib/dates.ts";

const ICONS: Record<ActivityKind, typeof IconCircleCheck> = {
  lesson_completed: IconCircleCheck,
  chapter_completed: IconAward,
  course_completed: IconTrophy,
  project_completed: IconCode,
};

/** A user's last 3 activities, newest first (public). */
export function RecentActivity({ userId }: { userId: string }) {
  const formatDate = useFormatDate();
  const activities = useActivities(userId);
  return (
    <section className={`nl-panel ${classes.panel}`} aria-labelledby="activity-title" data-activities>
      <h2 id="activity-title" className={classes.panelTitle}>
        Recent activity
      </h2>
      {activities.isPending ? (
        <Skeleton height={96} />
      ) : activities.isError ? (
        <Text c="dimmed">Activity could not be loaded.</Text>
      ) : activities.data.length === 0 ? (
        <Text c="dimmed" data-empty>
          No activity yet.
        </Text>
      ) : (
        <ul className={classes.activities}>
          {activities.data.slice(0, RECENT_ACTIVITIES).map((activity) => {
            const Icon = ICONS[activity.kind];
            return (
              <li key={activity.id} className={classes.activity} data-activity={activity.kind}>
                <Icon size={20} aria-hidden="true" className={classes.activityIcon} />
                <span className={classes.activityText}>
                  {activity.link ? <Link to={activity.link}>{activity.title}</Link> : activity.title}
                  <time dateTime={activity.created_at}>{formatDate(activity.created_at, "dateTime")}</time>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
