import { Skeleton, Text } from "@mantine/core";
import { useCompletedChapters } from "../api/get-completed-chapters.ts";
import classes from "./progress.module.css";
import { useFormatDate } from "../../../lib/dates.ts";

/** The signed-in user's chapter badges, newest first. */
export function BadgeGrid() {
  const formatDate = useFormatDate();
  const chapters = useCompletedChapters();
  return (
    <section className={`nl-panel ${classes.panel}`} aria-labelledby="badges-title" data-badges>
      <h2 id="badges-title" className={classes.panelTitle}>
        Badges
      </h2>
      {chapters.isPending ? (
        <Skeleton height={110} />
      ) : chapters.isError ? (
        <Text c="dimmed">Badges could not be loaded.</Text>
      ) : chapters.data.length === 0 ? (
        <Text c="dimmed" data-empty>
          Complete every lesson of a chapter to earn its badge.
        </Text>
      ) : (
        <ul className={classes.badges}>
          {[...chapters.data]
            .sort((a, b) => b.created_at.localeCompare(a.created_at))
            .map((chapter) => (
              <li key={chapter.chapter_id} className={classes.badgeItem} data-badge={chapter.badge.name}>
                <img src={chapter.badge.image} alt="" width={72} height={72} className={classes.badgeImage} />
                <span className={classes.badgeName}>{chapter.badge.name}</span>
                <time className={classes.badgeDate} dateTime={chapter.created_at}>
                  {formatDate(chapter.created_at)}
                </time>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
