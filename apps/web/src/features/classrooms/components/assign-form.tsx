import { Button, Group, Select, TextInput } from "@mantine/core";
import type { AssignmentKind } from "@neonlab/shared/schemas/classrooms";
import type { Course, CourseDetail } from "@neonlab/shared/schemas/learning";
import type { ProjectList } from "@neonlab/shared/schemas/projects";
import { IconClipboardPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api, errorMessage } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { toast } from "../../../lib/toasts.ts";
import { useAssign } from "../api/classrooms.ts";

/** Assign a course, one of its chapters or a guided project, with an optional due day (the classroom's zone). */
export function AssignForm({ classroomId, timeZone }: { classroomId: number; timeZone: string }) {
  const [kind, setKind] = useState<AssignmentKind>("course");
  const [courseSlug, setCourseSlug] = useState<string | null>(null);
  const [targetId, setTargetId] = useState<string | null>(null);
  const [due, setDue] = useState("");
  const assign = useAssign();
  const courses = useQuery({
    queryKey: queryKeys.courses.list(null),
    queryFn: ({ signal }) => api<Course[]>("courses", { signal }),
  });
  const projects = useQuery({
    queryKey: queryKeys.projects.list(null),
    queryFn: ({ signal }) => api<ProjectList>("projects", { signal }),
    enabled: kind === "project",
  });
  const course = useQuery({
    queryKey: queryKeys.courses.detail(courseSlug ?? ""),
    queryFn: ({ signal }) => api<CourseDetail>(`courses/${encodeURIComponent(courseSlug ?? "")}`, { signal }),
    enabled: kind === "chapter" && courseSlug !== null,
  });

  const courseOptions = (courses.data ?? []).map((c) => ({
    value: kind === "chapter" ? c.slug : String(c.id),
    label: c.premium ? `${c.title} (Pro)` : c.title,
  }));
  const chapterOptions = (course.data?.chapters ?? []).map((ch) => ({ value: String(ch.id), label: ch.title }));
  const projectOptions = (projects.data?.items ?? []).map((p) => ({
    value: String(p.id),
    label: p.premium ? `${p.title} (Pro)` : p.title,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!targetId) return;
    assign.mutate(
      { id: classroomId, input: { kind, id: Number(targetId), due_date: due || null } },
      {
        onSuccess: ({ assignment, members_without_access }) => {
          toast.success(`Assigned ${assignment.title}.`);
          if (members_without_access.length > 0)
            toast.warning(
              `Pro content: ${members_without_access.map((m) => m.display_name).join(", ")} can not open all of it yet.`,
            );
          setTargetId(null);
          setDue("");
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Assign work">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="What"
          data={[
            { value: "course", label: "Course" },
            { value: "chapter", label: "Chapter" },
            { value: "project", label: "Guided project" },
          ]}
          value={kind}
          onChange={(value) => {
            setKind((value as AssignmentKind | null) ?? "course");
            setTargetId(null);
          }}
          allowDeselect={false}
          w={170}
        />
        {kind === "chapter" && (
          <Select
            label="Course"
            data={courseOptions}
            value={courseSlug}
            onChange={(value) => {
              setCourseSlug(value);
              setTargetId(null);
            }}
            searchable
            w={240}
          />
        )}
        <Select
          label={kind === "course" ? "Course" : kind === "chapter" ? "Chapter" : "Guided project"}
          data={kind === "course" ? courseOptions : kind === "chapter" ? chapterOptions : projectOptions}
          value={targetId}
          onChange={setTargetId}
          searchable
          disabled={kind === "chapter" && !courseSlug}
          w={260}
        />
        <TextInput
          type="date"
          label="Due (optional)"
          description={`End of day, ${timeZone}`}
          value={due}
          onChange={(e) => setDue(e.currentTarget.value)}
          w={190}
        />
        <Button
          type="submit"
          leftSection={<IconClipboardPlus size={18} />}
          loading={assign.isPending}
          disabled={!targetId}
        >
          Assign
        </Button>
      </Group>
    </form>
  );
}
