import { Badge, Group, Skeleton, Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { LessonDetail, QuizResult, ReflectionResult } from "@neonlab/shared/schemas/learning";
import { IconBolt, IconCircleCheck, IconClock } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useParams } from "react-router";
import { NotFoundPage } from "../../../components/error-page/route-errors.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useLesson } from "../api/get-lesson.ts";
import { CompletePanel } from "../components/complete-panel.tsx";
import { LessonNav } from "../components/lesson-nav.tsx";
import { ReportLesson } from "../components/report-lesson.tsx";
import { LessonProblem } from "../components/lesson-problem.tsx";
import { MarkdownContent } from "../../../components/markdown-content.tsx";
import { LessonBreadcrumb } from "../components/lesson-breadcrumb.tsx";
import { LessonGoal } from "../components/lesson-goal.tsx";
import { LockedLesson } from "../components/locked-lesson.tsx";
import { QuizCard } from "../components/quiz-card.tsx";
import { ReflectionCard } from "../components/reflection-card.tsx";
import { TutorPanel } from "../components/tutor-panel.tsx";
import { lessonRequirements, withQuizResult, withReflectionResult } from "../lib/lesson-progress.ts";
import { useLessonCompletion } from "../lib/use-lesson-completion.ts";
import { registerLessonContext, withQueued } from "../lib/offline-lesson.ts";
import { useLessonsAhead } from "../lib/lessons-ahead.ts";
import { useQueuedActions } from "../../../lib/offline/sync.ts";
import { useSession } from "../../../lib/session.tsx";
import classes from "../components/lesson.module.css";
import { loadingStatus } from "../../../components/loading-status.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const WORDS_PER_MINUTE = 200;

/** /courses/:slug/:lessonSlug: the lesson, its quizzes and reflections, completion, and the tutor panel. */
export function LessonPage() {
  const { slug = "", lessonSlug = "" } = useParams();
  const query = useLesson(slug, lessonSlug);
  const queryClient = useQueryClient();
  const { complete, pending } = useLessonCompletion(query.data, slug, lessonSlug);
  const userId = useSession().profile?.id ?? null;
  const queued = useQueuedActions();
  const lessonId = query.data?.id;
  const lessonTitle = query.data?.title;
  // Its answers and completion can be kept on the device while offline (lib/offline-lesson.ts).
  useEffect(() => {
    if (lessonId === undefined || lessonTitle === undefined || !userId) return;
    return registerLessonContext({ lessonId, title: lessonTitle, path: `/courses/${slug}/${lessonSlug}`, userId });
  }, [lessonId, lessonTitle, userId, slug, lessonSlug]);
  // The next lessons are fetched ahead, so they open offline too.
  useLessonsAhead(slug, lessonSlug, query.isSuccess);
  useDocumentTitle(query.data ? `${query.data.title} · NeonLab` : "");

  const update = (change: (lesson: LessonDetail) => LessonDetail) =>
    queryClient.setQueryData<LessonDetail>(queryKeys.lessons.detail(slug, lessonSlug), (old) =>
      old ? change(old) : old,
    );

  // A lesson that does not exist gets the site's not-found page, as an unknown path does (the server answered 404).
  if (query.isError && query.error instanceof ApiError && query.error.statusCode === 404) return <NotFoundPage />;

  let content: ReactNode;
  if (query.isPending) {
    content = <LessonSkeleton />;
  } else if (query.isError) {
    const error = query.error;
    content =
      error instanceof ApiError && error.statusCode === 403 ? (
        <LockedLesson message={error.message} courseSlug={slug} lessonSlug={lessonSlug} />
      ) : (
        <LessonProblem message={errorMessage(error)} courseSlug={slug} onRetry={() => void query.refetch()} />
      );
  } else {
    const local = withQueued(query.data, userId ? queued.filter((a) => a.userId === userId) : []);
    const lesson = local.lesson;
    const stillOpen = lessonRequirements(lesson);
    // A quiz answered offline counts as done here; the server grades it (and decides the completion) on sync.
    const queuedOpen = lesson.quizzes.filter((q) => !q.passed && local.queuedQuizIds.has(q.id)).length;
    const requirements = { ...stillOpen, quizzesLeft: Math.max(0, stillOpen.quizzesLeft - queuedOpen) };
    const minutes = Math.max(1, Math.round(lesson.word_count / WORDS_PER_MINUTE));
    content = (
      <article className={classes.article} aria-labelledby="lesson-title" data-lesson={lesson.slug}>
        <LessonBreadcrumb course={lesson.course} chapter={lesson.chapter} />
        <header className={classes.header}>
          <p className="nl-eyebrow">{`Lesson ${lesson.lesson_order}`}</p>
          {/* The tutor links here (#lesson-title) for the lesson's text before its first heading. */}
          <h1 id="lesson-title" className={classes.title}>
            {lesson.title}
          </h1>
          <Group gap="xs" mt="xs">
            <Badge variant="outline" color="cyan" leftSection={<IconBolt size={13} />}>
              {`${lesson.xp} XP`}
            </Badge>
            <Badge variant="outline" color="gray" leftSection={<IconClock size={13} />}>
              {`${minutes} min read`}
            </Badge>
            {lesson.completed && (
              <Badge
                color="neon"
                className={classes.onAccent}
                leftSection={<IconCircleCheck size={13} />}
                data-lesson-completed
              >
                Completed
              </Badge>
            )}
          </Group>
          <LessonGoal goal={lesson.goal} />
        </header>
        <MarkdownContent markdown={lesson.body} className={classes.body} headingIds />
        {lesson.quizzes.length > 0 && (
          <section aria-labelledby="quizzes-title" className={classes.block}>
            <h2 id="quizzes-title" className={classes.sectionTitle}>
              Check your understanding
            </h2>
            <Stack gap="md">
              {lesson.quizzes.map((quiz, index) => (
                <QuizCard
                  key={quiz.id}
                  lessonId={lesson.id}
                  quiz={quiz}
                  index={index}
                  queued={local.queuedQuizIds.has(quiz.id)}
                  onAnswered={(result: QuizResult) => update((old) => withQuizResult(old, result))}
                />
              ))}
            </Stack>
          </section>
        )}
        {lesson.reflections.length > 0 && (
          <section aria-labelledby="reflections-title" className={classes.block}>
            <h2 id="reflections-title" className={classes.sectionTitle}>
              Reflect
            </h2>
            <Stack gap="md">
              {lesson.reflections.map((reflection, index) => (
                <ReflectionCard
                  key={reflection.id}
                  lessonId={lesson.id}
                  reflection={reflection}
                  index={index}
                  onSaved={(result: ReflectionResult) => update((old) => withReflectionResult(old, result))}
                />
              ))}
            </Stack>
          </section>
        )}
        <CompletePanel
          requirements={requirements}
          completed={lesson.completed}
          queued={local.completionQueued && !lesson.completed}
          pending={pending}
          xp={lesson.xp}
          nextHref={lesson.next ? `/courses/${lesson.course.slug}/${lesson.next.slug}` : null}
          onComplete={complete}
        />
        <LessonNav lesson={lesson} />
        <ReportLesson lesson={lesson} />
      </article>
    );
  }

  return (
    <div className={classes.layout}>
      <div className={classes.main}>{content}</div>
      <TutorPanel lessonId={query.data?.id ?? null} />
    </div>
  );
}

function LessonSkeleton() {
  return (
    <Stack gap="md" {...loadingStatus("Loading the lesson")} data-loading>
      <Skeleton height={14} width="40%" />
      <Skeleton height={40} width="75%" />
      <Skeleton height={60} />
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={14} width={i % 3 === 2 ? "60%" : "100%"} />
      ))}
    </Stack>
  );
}
