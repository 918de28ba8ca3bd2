import { Badge, Button, Group, Progress, Skeleton, Stack, Text } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { CourseDetail } from "@neonlab/shared/schemas/learning";
import { IconArrowRight, IconBooks, IconCrown, IconLock, IconTrophy } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { NotFoundPage } from "../../../components/error-page/route-errors.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { useCourse } from "../api/get-course.ts";
import { InlineMarkdown } from "../../../components/inline-markdown.tsx";
import { ChapterSection } from "../components/chapter-section.tsx";
import { RateCourse } from "../components/course-rating.tsx";
import { SaveCourseOffline } from "../components/save-offline.tsx";
import { RatingSummary } from "../../../components/star-rating.tsx";
import { LEVEL_LABELS } from "../../../lib/level-labels.ts";
import { PageProblem } from "../../../components/page-problem.tsx";
import { nextLessonPath, progressPercent } from "../lib/course-progress.ts";
import catalogue from "../../../components/catalogue.module.css";
import classes from "../components/courses.module.css";
import { loadingStatus } from "../../../components/loading-status.ts";

/** /courses/:slug: the pitch, progress, and every chapter in order with its lessons and badge. */
export function CoursePage() {
  const { slug = "" } = useParams();
  const course = useCourse(slug);
  const { status } = useSession();
  useDocumentTitle(course.data ? `${course.data.title} · NeonLab` : "");

  if (course.isPending) return <CourseSkeleton />;
  if (course.isError) {
    // A course that does not exist gets the site's not-found page, as an unknown path does (the server answered 404).
    if (course.error instanceof ApiError && course.error.statusCode === 404) return <NotFoundPage />;
    return (
      <PageProblem
        title="The course did not load"
        message={errorMessage(course.error)}
        onRetry={() => void course.refetch()}
      />
    );
  }
  const data = course.data;
  const locked = data.premium && !data.has_access;
  return (
    <div className={catalogue.page} data-course-page={data.slug}>
      <nav aria-label="Breadcrumb" className={catalogue.breadcrumb}>
        <Link to="/courses">Courses</Link>
        <span aria-hidden="true">/</span>
        <Link to={`/courses?category=${data.category.slug}`}>{data.category.name}</Link>
      </nav>
      <CourseHero course={data} signedIn={status === "signed-in"} />
      {/* Under the header, not in it: the header stays as tall as its cover, and on a phone the start
          button stays in the first screen. */}
      <p className={classes.pitchFull}>
        <InlineMarkdown text={data.pitch} />
      </p>
      {locked && (
        <section className={`nl-panel ${classes.paywallNotice}`} aria-labelledby="paywall-notice" data-paywall-notice>
          <IconLock size={28} aria-hidden="true" className={classes.paywallIcon} />
          <div>
            <h2 id="paywall-notice" className={catalogue.noticeTitle}>
              Chapter 1 is a free preview
            </h2>
            <Text>The rest of this course is part of NeonLab Pro. Upgrade to unlock every lesson and badge.</Text>
          </div>
          <Button
            component={Link}
            to="/pricing"
            color="magenta"
            className={catalogue.onAccent}
            leftSection={<IconCrown size={16} />}
          >
            See plans
          </Button>
        </section>
      )}
      <Stack gap="lg" component="div">
        {data.chapters.map((chapter) => (
          <ChapterSection key={chapter.id} courseSlug={data.slug} chapter={chapter} signedIn={status === "signed-in"} />
        ))}
      </Stack>
    </div>
  );
}

function CourseHero({ course, signedIn }: { course: CourseDetail; signedIn: boolean }) {
  const percent = course.progress ? progressPercent(course.progress) : 0;
  const next = nextLessonPath(course);
  const started = (course.progress?.completed_lessons ?? 0) > 0;
  return (
    <header className={`nl-panel ${classes.hero}`}>
      <div className={classes.heroArt}>
        <img className={classes.heroCover} src={course.cover} alt="" width={1200} height={630} data-course-cover />
      </div>
      <div className={classes.heroBody}>
        <Group gap={6}>
          <Badge variant="outline" color="cyan">
            {LEVEL_LABELS[course.level]}
          </Badge>
          {course.premium ? (
            <Badge color="magenta" className={catalogue.onAccent} leftSection={<IconCrown size={13} />}>
              Pro
            </Badge>
          ) : (
            <Badge variant="outline" color="gray">
              Free
            </Badge>
          )}
        </Group>
        <h1 className={classes.heroTitle}>{course.title}</h1>
        <Group gap={6} className={catalogue.meta}>
          <IconBooks size={16} aria-hidden="true" />
          <span>{`${course.chapter_count} chapters · ${course.lesson_count} lessons`}</span>
        </Group>
        <RatingSummary rating={course.rating} />
        {signedIn && <RateCourse course={course} />}
        {signedIn && course.progress && (
          <div className={classes.heroProgress} data-course-progress={percent}>
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={600}>
                {course.progress.completed ? (
                  <span className={catalogue.done}>
                    <IconTrophy size={15} aria-hidden="true" /> Course completed
                  </span>
                ) : (
                  `${course.progress.completed_lessons} of ${course.progress.total_lessons} lessons done`
                )}
              </Text>
              <Text size="sm" c="dimmed">{`${percent}%`}</Text>
            </Group>
            <Progress value={percent} size="md" aria-label="Course progress" />
          </div>
        )}
        {signedIn && (
          <div className={classes.heroOffline}>
            <SaveCourseOffline course={course} />
          </div>
        )}
        {next && !course.progress?.completed && (
          <Group mt="md">
            <Button component={Link} to={next} size="md" rightSection={<IconArrowRight size={18} />}>
              {started ? "Continue" : "Start course"}
            </Button>
          </Group>
        )}
      </div>
    </header>
  );
}

function CourseSkeleton() {
  return (
    <Stack gap="lg" {...loadingStatus("Loading the course")} data-loading>
      <Skeleton height={14} width={180} />
      <Skeleton height={260} />
      <Skeleton height={220} />
      <Skeleton height={220} />
    </Stack>
  );
}
