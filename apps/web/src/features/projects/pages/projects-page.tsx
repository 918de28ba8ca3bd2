import { Chip, Group, SimpleGrid, Skeleton } from "@mantine/core";
import { IconSearchOff } from "@tabler/icons-react";
import { useNavigate, useParams } from "react-router";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { PageProblem } from "../../../components/page-problem.tsx";
import catalogue from "../../../components/catalogue.module.css";
import { useProjects } from "../api/projects.ts";
import { ProjectCard } from "../components/project-card.tsx";
import { CardGridSkeleton } from "../../../components/card-grid-skeleton.tsx";

const ALL = "all";

/**
 * /projects and /projects/categories/:categorySlug: guided projects with a category filter (the path, so a
 * category can be linked), stars and the caller's progress.
 */
export function ProjectsPage() {
  const { categorySlug } = useParams();
  const navigate = useNavigate();
  const category = categorySlug ?? null;
  const projects = useProjects(category);
  const all = useProjects(null);
  const categories = projects.data?.categories ?? all.data?.categories ?? [];
  const selected = categories.find((c) => c.slug === category) ?? null;

  const choose = (slug: string) => navigate(slug === ALL ? "/projects" : `/projects/categories/${slug}`);

  return (
    <div className={catalogue.page}>
      <header className={catalogue.pageHeader}>
        <p className="nl-eyebrow">Build something real</p>
        <h1 className={catalogue.pageTitle}>{selected ? `${selected.name} projects` : "Projects"}</h1>
        <p className={catalogue.pageLead}>
          Guided projects: a brief, a few steps and starter files. Write the code in the browser, watch the live
          preview, and let the automated checks tell you when each step works. Finish one for XP.
        </p>
      </header>

      <Chip.Group multiple={false} value={category ?? ALL} onChange={choose}>
        <Group gap="xs" role="group" aria-label="Filter by category" className={catalogue.filters}>
          <Chip value={ALL} variant="outline">
            All projects
          </Chip>
          {categories.length === 0 && all.isPending
            ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={32} width={120} radius="xl" />)
            : categories.map((c) => (
                <Chip key={c.id} value={c.slug} variant="outline">
                  {c.name}
                </Chip>
              ))}
        </Group>
      </Chip.Group>

      {projects.isError ? (
        projects.error instanceof ApiError && projects.error.statusCode === 404 ? (
          <div className={`nl-panel ${catalogue.empty}`} data-empty>
            <IconSearchOff size={36} aria-hidden="true" />
            <h2 className={catalogue.problemTitle}>No projects here yet</h2>
            <p>There are no guided projects in this category yet. Try another one.</p>
          </div>
        ) : (
          <PageProblem
            title="Projects did not load"
            message={errorMessage(projects.error)}
            onRetry={() => void projects.refetch()}
            back={{ to: "/projects", label: "All projects" }}
          />
        )
      ) : projects.isPending ? (
        <CardGridSkeleton label="Loading projects" cardHeight={340} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-project-list>
          {projects.data.items.map((project, index) => (
            <ProjectCard key={project.id} project={project} aboveTheFold={index < 3} />
          ))}
        </SimpleGrid>
      )}
    </div>
  );
}
