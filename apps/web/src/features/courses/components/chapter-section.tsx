import { Accordion, Anchor, Badge, Group, Text, VisuallyHidden } from "@mantine/core";
import type { CourseChapter, LessonSummary } from "@neonlab/shared/schemas/learning";
import { IconCircleCheck, IconCircleDashed, IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import { InlineMarkdown } from "../../../components/inline-markdown.tsx";
import { MarkdownContent } from "../../../components/markdown-content.tsx";
import { chapterDone } from "../lib/course-progress.ts";
import catalogue from "../../../components/catalogue.module.css";
import classes from "./courses.module.css";

type ChapterSectionProps = { courseSlug: string; chapter: CourseChapter; signedIn: boolean };

/** One chapter: its badge (earned or greyed), intro, lessons with done / locked state, and key terms. */
export function ChapterSection({ courseSlug, chapter, signedIn }: ChapterSectionProps) {
  const done = chapterDone(chapter);
  const titleId = `chapter-${chapter.id}-title`;
  return (
    <section
      className={`nl-panel ${classes.chapter}`}
      aria-labelledby={titleId}
      data-chapter={chapter.slug}
      data-completed={chapter.completed}
    >
      <div className={classes.chapterHead}>
        <img
          className={classes.badge}
          data-earned={chapter.completed}
          src={chapter.badge.image}
          alt={chapter.completed ? `Badge earned: ${chapter.badge.name}` : `Badge to earn: ${chapter.badge.name}`}
          title={chapter.badge.name}
          width={72}
          height={72}
        />
        <div className={classes.chapterTitleBlock}>
          <p className="nl-eyebrow">{`Chapter ${chapter.chapter_order}`}</p>
          <h2 id={titleId} className={classes.chapterTitle}>
            {chapter.title}
          </h2>
          <Group gap={6} mt={6}>
            {chapter.preview && (
              <Badge variant="outline" color="cyan" size="sm">
                Free preview
              </Badge>
            )}
            {chapter.completed ? (
              <Badge color="neon" size="sm" className={catalogue.onAccent} leftSection={<IconCircleCheck size={12} />}>
                {`Badge earned: ${chapter.badge.name}`}
              </Badge>
            ) : (
              signedIn && <Text size="sm" c="dimmed">{`${done} of ${chapter.lessons.length} lessons done`}</Text>
            )}
          </Group>
        </div>
      </div>
      {chapter.intro && <MarkdownContent markdown={chapter.intro} className={classes.intro} />}
      <ol className={classes.lessons}>
        {chapter.lessons.map((lesson) => (
          <LessonRow key={lesson.id} courseSlug={courseSlug} lesson={lesson} />
        ))}
      </ol>
      {chapter.glossary.length > 0 && (
        <Accordion variant="contained" chevronPosition="right" className={classes.glossary}>
          <Accordion.Item value="terms">
            <Accordion.Control>{`Key terms (${chapter.glossary.length})`}</Accordion.Control>
            <Accordion.Panel>
              <dl className={classes.terms}>
                {chapter.glossary.map((entry) => (
                  <div key={entry.term}>
                    <dt>{entry.term}</dt>
                    <dd>{entry.definition}</dd>
                  </div>
                ))}
              </dl>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
    </section>
  );
}

function LessonRow({ courseSlug, lesson }: { courseSlug: string; lesson: LessonSummary }) {
  const state = lesson.completed ? "done" : lesson.locked ? "locked" : "open";
  const Icon = lesson.completed ? IconCircleCheck : lesson.locked ? IconLock : IconCircleDashed;
  return (
    <li className={classes.lesson} data-lesson={lesson.slug} data-state={state}>
      <Icon size={20} className={classes.lessonIcon} aria-hidden="true" />
      <div className={classes.lessonText}>
        {lesson.locked ? (
          <span className={classes.lessonTitle}>{lesson.title}</span>
        ) : (
          <Link to={`/courses/${courseSlug}/${lesson.slug}`} className={classes.lessonTitle}>
            {lesson.title}
          </Link>
        )}
        <InlineMarkdown text={lesson.goal} className={classes.lessonGoal} />
      </div>
      <span className={classes.lessonMeta}>
        {state !== "open" && <VisuallyHidden>{state === "done" ? "Completed. " : "Locked. "}</VisuallyHidden>}
        {lesson.locked ? (
          <Anchor component={Link} to="/pricing" size="sm" className={classes.unlock}>
            Unlock with Pro
          </Anchor>
        ) : (
          `${lesson.xp} XP`
        )}
      </span>
    </li>
  );
}
