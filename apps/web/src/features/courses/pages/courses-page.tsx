import { Chip, Group, SimpleGrid, Skeleton } from "@mantine/core";
import { IconSearchOff } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { useCourseCategories } from "../api/get-course-categories.ts";
import { useCourses } from "../api/get-courses.ts";
import { useNextLesson } from "../api/get-next-lesson.ts";
import { CourseCard } from "../components/course-card.tsx";
import { PageProblem } from "../../../components/page-problem.tsx";
import { WelcomeStrip } from "../components/welcome-strip.tsx";
import { hasFullAccess, inLearnerOrder } from "../lib/learner-order.ts";
import catalogue from "../../../components/catalogue.module.css";
import { CardGridSkeleton } from "../../../components/card-grid-skeleton.tsx";
import { useMyAssignments } from "../../classrooms/index.ts";

const ALL = "all";

/**
 * /courses: the catalogue, filtered by category (kept in ?category= so the view can be shared), free
 * courses first for a learner without access, and a new learner's first lesson one click away.
 */
export function CoursesPage() {
  const { profile } = useSession();
  const { next, isNew } = useNextLesson();
  const [params, setParams] = useSearchParams();
  const categories = useCourseCategories();
  const selectedSlug = params.get("category") ?? ALL;
  const selected = categories.data?.find((c) => c.slug === selectedSlug) ?? null;
  // Wait for the categories before asking for a filtered list, so a shared link never flashes "all".
  const waiting = selectedSlug !== ALL && categories.isPending;
  const courses = useCourses(selected?.id ?? null, !waiting);
  // A classroom's assignments mark their courses (a chapter's: its course) "Assigned", with the due date.
  const assignments = useMyAssignments(profile !== null);
  const assignedTo = (slug: string) =>
    (assignments.data ?? []).filter((a) => a.kind !== "project" && a.path === `/courses/${slug}`);

  const choose = (slug: string) => {
    const next = new URLSearchParams(params);
    if (slug === ALL) next.delete("category");
    else next.set("category", slug);
    setParams(next, { replace: true });
  };

  return (
    <div className={catalogue.page}>
      <header className={catalogue.pageHeader}>
        <p className="nl-eyebrow">Learn by doing</p>
        <h1 className={catalogue.pageTitle}>Courses</h1>
        <p className={catalogue.pageLead}>
          {selected?.description ??
            "Hands-on courses made of short lessons, quizzes and reflections. Earn XP, keep your streak and collect a badge for every chapter."}
        </p>
      </header>

      {isNew && next && profile && <WelcomeStrip name={profile.display_name} next={next} />}

      {categories.isError ? null : (
        <Chip.Group multiple={false} value={selected ? selected.slug : ALL} onChange={choose}>
          <Group gap="xs" role="group" aria-label="Filter by category" className={catalogue.filters}>
            <Chip value={ALL} variant="outline">
              All courses
            </Chip>
            {categories.isPending
              ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={32} width={120} radius="xl" />)
              : categories.data.map((category) => (
                  <Chip key={category.id} value={category.slug} variant="outline">
                    {category.name}
                  </Chip>
                ))}
          </Group>
        </Chip.Group>
      )}

      {courses.isError ? (
        <PageProblem
          title="Courses did not load"
          message={errorMessage(courses.error)}
          onRetry={
            courses.error instanceof ApiError && courses.error.statusCode < 500
              ? undefined
              : () => void courses.refetch()
          }
        />
      ) : courses.isPending || waiting ? (
        <CardGridSkeleton label="Loading courses" cardHeight={380} />
      ) : courses.data.length === 0 ? (
        <div className={`nl-panel ${catalogue.empty}`} data-empty>
          <IconSearchOff size={36} aria-hidden="true" />
          <h2 className={catalogue.problemTitle}>No courses here yet</h2>
          <p>
            {selected
              ? `There are no courses in ${selected.name} yet. Try another category.`
              : "New courses are on the way."}
          </p>
        </div>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-course-list>
          {inLearnerOrder(courses.data, hasFullAccess(profile)).map((course, index) => (
            <CourseCard key={course.id} course={course} aboveTheFold={index < 2} assigned={assignedTo(course.slug)} />
          ))}
        </SimpleGrid>
      )}
    </div>
  );
}
