import { Button, Text } from "@mantine/core";
import type { ProjectDetail } from "@neonlab/shared/schemas/projects";
import { IconCircleCheck, IconTrophy } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { openProjectCompleteDialog, openStreakDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { toast } from "../../../lib/toasts.ts";
import { RateStars } from "../../../components/star-rating.tsx";
import { completeProject, projectQuery, useRateProject } from "../api/projects.ts";
import classes from "./projects.module.css";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Completing the project (every step passed: XP once, the dialogs) and rating it once a step is passed. */
export function CompleteBar({
  project,
  signedIn,
  onSignIn,
}: {
  project: ProjectDetail;
  signedIn: boolean;
  onSignIn: () => void;
}) {
  const client = useQueryClient();
  const { refreshProfile } = useSession();
  const passed = project.steps.filter((s) => s.passed).length;
  const allPassed = passed === project.steps.length;
  const completed = project.progress?.completed ?? false;
  const complete = useMutation({
    mutationFn: () => completeProject(project.id),
    onSuccess: async (result) => {
      client.setQueryData(projectQuery(project.slug).queryKey, (old) =>
        old?.progress ? { ...old, progress: { ...old.progress, completed: true } } : old,
      );
      void Promise.all(
        [
          queryKeys.projects.all(),
          queryKeys.progress.all(),
          queryKeys.ledger.all(),
          queryKeys.rank.all(),
          queryKeys.profiles.all(),
        ].map((queryKey) => client.invalidateQueries({ queryKey })),
      );
      await openProjectCompleteDialog({ xp: result.xpAwarded });
      if (result.streak.extended) await openStreakDialog({ count: result.streak.count });
      await refreshProfile();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <section className={`nl-panel ${classes.completeBar}`} aria-label="Finish the project" data-complete-bar>
      <div>
        {completed ? (
          <Text fw={700} className={classes.doneText}>
            <IconCircleCheck size={18} aria-hidden="true" /> Project completed
          </Text>
        ) : (
          <Text fw={700}>{allPassed ? "Every step passes!" : `${passed} of ${project.steps.length} steps passed`}</Text>
        )}
        <Text size="sm" c="dimmed">
          {completed
            ? "Your XP is in. Keep polishing: your files stay saved."
            : `Pass every step's checks, then complete the project for ${project.xp} XP.`}
        </Text>
      </div>
      {signedIn ? (
        <Button
          leftSection={<IconTrophy size={16} aria-hidden="true" />}
          disabled={!allPassed || completed}
          loading={complete.isPending}
          onClick={() => complete.mutate()}
        >
          {completed ? "Completed" : "Complete project"}
        </Button>
      ) : (
        <Button variant="default" onClick={onSignIn}>
          Sign in to complete
        </Button>
      )}
      {signedIn && passed > 0 && <RateProject project={project} />}
    </section>
  );
}

function RateProject({ project }: { project: ProjectDetail }) {
  const rate = useRateProject(project);
  return (
    <RateStars
      noun="project"
      mine={project.rating.mine}
      rate={(stars, done) => rate.mutate(stars, done)}
      marker={{ "data-rate-project": project.rating.mine ?? "unrated" }}
    />
  );
}
