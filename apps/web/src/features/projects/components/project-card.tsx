import { Badge, Group, Progress, Text } from "@mantine/core";
import type { Project } from "@neonlab/shared/schemas/projects";
import {
  IconBraces,
  IconCircleCheck,
  IconCrown,
  IconShieldLock,
  IconTerminal2,
  IconWorldWww,
} from "@tabler/icons-react";
import { Link } from "react-router";
import { RatingSummary } from "../../../components/star-rating.tsx";
import { LEVEL_LABELS } from "../../../lib/level-labels.ts";
import linked from "../../../components/linked-card.module.css";
import catalogue from "../../../components/catalogue.module.css";
import classes from "./projects.module.css";

/** Without a cover (a database not re-imported since projects have covers): the category's icon and glow. */
const LOOKS: Record<string, { icon: typeof IconBraces; tone: "green" | "magenta" | "violet" }> = {
  "web-development": { icon: IconWorldWww, tone: "green" },
  programming: { icon: IconBraces, tone: "violet" },
  security: { icon: IconShieldLock, tone: "magenta" },
  linux: { icon: IconTerminal2, tone: "green" },
};

export const projectPercent = (p: NonNullable<Project["progress"]>) =>
  p.total_steps === 0 ? 0 : Math.round((p.passed_steps / p.total_steps) * 100);

/**
 * A guided project in the catalogue: its own cover art, level, steps, XP, stars and the caller's progress.
 * `aboveTheFold`: one of the first cards, whose cover is fetched at once rather than when near the viewport.
 */
export function ProjectCard({ project, aboveTheFold = false }: { project: Project; aboveTheFold?: boolean }) {
  const look = LOOKS[project.category.slug] ?? { icon: IconBraces, tone: "violet" as const };
  const Icon = look.icon;
  const percent = project.progress ? projectPercent(project.progress) : null;
  return (
    <article
      className={`nl-panel ${catalogue.card} ${linked.linkedCard}`}
      data-project={project.slug}
      data-premium={project.premium}
    >
      <div className={classes.coverWrap}>
        {project.cover ? (
          <img
            className={classes.cover}
            src={project.cover}
            alt=""
            loading={aboveTheFold ? "eager" : "lazy"}
            fetchPriority={aboveTheFold ? "high" : "auto"}
            width={1200}
            height={630}
            data-project-cover
          />
        ) : (
          <div className={classes.window} data-tone={look.tone} aria-hidden="true">
            <Icon size={64} stroke={1.3} className={classes.windowIcon} />
          </div>
        )}
        {project.premium && (
          <Badge
            className={`${classes.cardBadge} ${catalogue.onAccent}`}
            color="magenta"
            leftSection={<IconCrown size={13} />}
          >
            Pro
          </Badge>
        )}
      </div>
      <div className={catalogue.cardBody}>
        <Group gap={6}>
          <Badge variant="outline" color="cyan" size="sm">
            {LEVEL_LABELS[project.level]}
          </Badge>
          <Badge variant="outline" color="gray" size="sm">
            {project.category.name}
          </Badge>
          {!project.premium && (
            <Badge variant="outline" color="gray" size="sm">
              Free
            </Badge>
          )}
        </Group>
        <h2 className={catalogue.cardTitle}>
          <Link to={`/projects/${project.slug}`} className={linked.cardLink}>
            {project.title}
          </Link>
        </h2>
        <Text className={catalogue.pitch} lineClamp={3}>
          {project.summary}
        </Text>
        <Text className={catalogue.meta}>{`${project.step_count} steps · ${project.xp} XP`}</Text>
        <RatingSummary rating={project.rating} />
        {project.progress && percent !== null && (
          <div className={catalogue.cardProgress}>
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={600}>
                {project.progress.completed ? (
                  <span className={catalogue.done}>
                    <IconCircleCheck size={15} aria-hidden="true" /> Completed
                  </span>
                ) : (
                  `${project.progress.passed_steps} of ${project.progress.total_steps} steps`
                )}
              </Text>
              <Text size="sm" c="dimmed">{`${percent}%`}</Text>
            </Group>
            <Progress value={percent} size="sm" aria-label={`${project.title} progress`} />
          </div>
        )}
      </div>
    </article>
  );
}
