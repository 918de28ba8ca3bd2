import { Badge, Button, Group, Skeleton, Text } from "@mantine/core";
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks";
import type { ProjectDetail } from "@neonlab/shared/schemas/projects";
import { IconCrown, IconTrophy } from "@tabler/icons-react";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { NotFoundPage } from "../../../components/error-page/route-errors.tsx";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { saveReturnPath } from "../../../lib/return-path.ts";
import { useSession } from "../../../lib/session.tsx";
import { LEVEL_LABELS } from "../../../lib/level-labels.ts";
import { RatingSummary } from "../../../components/star-rating.tsx";
import { PageProblem } from "../../../components/page-problem.tsx";
import catalogue from "../../../components/catalogue.module.css";
import {
  CodeWorkspace,
  type ConsoleEntry,
  ConsolePanel,
  type EditorPreferences,
  PreviewFrame,
} from "../../editor/index.ts";
import { MarkdownContent } from "../../../components/markdown-content.tsx";
import { useProject } from "../api/projects.ts";
import { CompleteBar } from "../components/complete-bar.tsx";
import { type Pane, PaneTabs, usePaneTabs } from "../components/pane-tabs.tsx";
import classes from "../components/projects.module.css";
import { StepCard } from "../components/step-card.tsx";
import { withPreviewShims } from "../lib/preview-shims.ts";
import { useProjectWork } from "../lib/use-project-work.ts";
import { loadingStatus } from "../../../components/loading-status.ts";

/** The console keeps this many lines (as the hack editor's). */
const MAX_CONSOLE = 200;
/** Below this width the panes are tabs (Steps, Code, Preview); from it they sit side by side. */
const SIDE_BY_SIDE = "(min-width: 1024px)";
/** From this width the editor and the preview sit side by side too (below it the preview is under the editor). */
const THREE_COLUMNS = "(min-width: 1200px)";

/**
 * /projects/:slug: the brief and steps, the editor and the live preview with its console, side by side and as
 * tall as the screen from 1024 px (like the hack editor); tabs on a narrower screen. Checks per step; Complete.
 */
export function ProjectPage() {
  const { slug = "" } = useParams();
  const project = useProject(slug);
  useDocumentTitle(project.data ? `${project.data.title} · NeonLab` : "");

  if (project.isPending) {
    return (
      <div className={`${classes.page} ${classes.breakout}`} {...loadingStatus("Loading the project")}>
        <div className={classes.workspace}>
          <Skeleton className={classes.guide} height="100%" mih={320} />
          <Skeleton className={`${classes.editorPanel} ${classes.wideOnly}`} height="100%" mih={320} />
          <Skeleton className={`${classes.previewPanel} ${classes.wideOnly}`} height="100%" mih={320} />
        </div>
      </div>
    );
  }
  if (project.isError) {
    if (project.error instanceof ApiError && project.error.statusCode === 404) return <NotFoundPage />;
    return (
      <PageProblem
        title="The project did not load"
        message={errorMessage(project.error)}
        onRetry={() => void project.refetch()}
        back={{ to: "/projects", label: "All projects" }}
      />
    );
  }
  // Keyed: another project (or a re-import) starts from its own files.
  return <ProjectWorkspace key={project.data.id} project={project.data} />;
}

function ProjectWorkspace({ project }: { project: ProjectDetail }) {
  const { status, profile } = useSession();
  const navigate = useNavigate();
  const signedIn = status === "signed-in";
  const work = useProjectWork(project, signedIn);
  const firstOpen = project.steps.find((s) => !s.passed && !s.locked) ?? project.steps[0];
  const [open, setOpen] = useState<string | null>(firstOpen?.key ?? null);
  const [preferences, setPreferences] = useState<EditorPreferences | undefined>(profile?.editor_preferences);
  const [entries, setEntries] = useState<ConsoleEntry[]>([]);
  const sideBySide = useMediaQuery(SIDE_BY_SIDE, undefined, { getInitialValueInEffect: false });
  const threeColumns = useMediaQuery(THREE_COLUMNS, undefined, { getInitialValueInEffect: false });
  const [pane, setPane] = useState<Pane>("steps");
  const panes = usePaneTabs(pane, !sideBySide);
  // Each tab comes back where it was left (the code and the preview at the top, under the tabs).
  const scrollByPane = useRef<Partial<Record<Pane, number>>>({});
  const paneChanged = useRef(false);
  const showPane = (next: Pane) => {
    scrollByPane.current[pane] = window.scrollY;
    paneChanged.current = true;
    setPane(next);
  };
  useLayoutEffect(() => {
    if (paneChanged.current) window.scrollTo(0, scrollByPane.current[pane] ?? 0);
  }, [pane]);
  const passedCount = project.steps.filter((s) => s.passed).length;
  const previewFiles = useMemo(() => withPreviewShims(work.files), [work.files]);
  const runnerFiles = useMemo(() => (work.pending ? withPreviewShims(work.pending.files) : []), [work.pending]);
  const resetFiles = async () => {
    const confirmed = await openConfirmDialog({
      title: "Start over",
      message: "Replace your files with the project's starter files? Your changes to them are lost.",
    });
    if (confirmed) work.setFiles(project.starter);
  };
  const signIn = () => {
    saveReturnPath(`/projects/${project.slug}`);
    navigate("/login");
  };
  const saveLabel = !signedIn
    ? "Sign in to save your work"
    : work.save.state === "saving"
      ? "Saving…"
      : work.save.state === "error"
        ? `Not saved: ${work.save.message ?? "try again"}`
        : work.save.state === "saved"
          ? "All changes saved"
          : project.files
            ? "Your saved files"
            : "Starter files";

  return (
    <div className={`${classes.page} ${classes.breakout}`} data-project-page={project.slug}>
      {!sideBySide && (
        <PaneTabs
          active={pane}
          onChange={showPane}
          tabId={panes.tabId}
          panelId={panes.panelId}
          badges={{ steps: `${passedCount}/${project.steps.length}` }}
        />
      )}
      <div className={classes.workspace}>
        <div className={`${classes.pane} ${classes.guide}`} data-project-guide {...panes.paneProps("steps")}>
          <nav aria-label="Breadcrumb" className={catalogue.breadcrumb}>
            <Link to="/projects">Projects</Link>
            <span aria-hidden="true">/</span>
            <Link to={`/projects/categories/${project.category.slug}`}>{project.category.name}</Link>
          </nav>
          <section className={`nl-panel ${classes.guidePanel}`} aria-labelledby="project-title">
            <Group gap={6}>
              <Badge variant="outline" color="cyan" size="sm">
                {LEVEL_LABELS[project.level]}
              </Badge>
              <Badge variant="outline" color="gray" size="sm" leftSection={<IconTrophy size={12} aria-hidden="true" />}>
                {`${project.xp} XP`}
              </Badge>
              {project.premium && (
                <Badge color="magenta" size="sm" className={catalogue.onAccent} leftSection={<IconCrown size={12} />}>
                  Pro
                </Badge>
              )}
            </Group>
            <h1 id="project-title" className={classes.title}>
              {project.title}
            </h1>
            <RatingSummary rating={project.rating} />
            <h2 className={catalogue.noticeTitle}>The brief</h2>
            <MarkdownContent markdown={project.brief} />
          </section>
          <section aria-labelledby="steps-title">
            <h2 id="steps-title" className={catalogue.noticeTitle}>
              {`Steps · ${passedCount} of ${project.steps.length} passed`}
            </h2>
            {work.problem && (
              <Text role="alert" c="red" size="sm" mb="xs" data-check-problem>
                {work.problem}
              </Text>
            )}
            <ol className={classes.steps}>
              {project.steps.map((step) => (
                <StepCard
                  key={step.key}
                  step={step}
                  open={open === step.key}
                  onToggle={() => setOpen(open === step.key ? null : step.key)}
                  results={work.results[step.key]}
                  checking={work.checking === step.key}
                  busy={work.checking !== null}
                  signedIn={signedIn}
                  onCheck={() => void work.runChecks(step)}
                  onSignIn={signIn}
                />
              ))}
            </ol>
          </section>
          <CompleteBar project={project} signedIn={signedIn} onSignIn={signIn} />
        </div>
        <section
          className={`nl-panel ${classes.pane} ${classes.editorPanel}`}
          aria-label="Code"
          {...panes.paneProps("code")}
        >
          <div className={classes.panelHead}>
            <span>Code</span>
            <span role="status" data-save-state={signedIn ? work.save.state : "signed-out"}>
              {saveLabel}
            </span>
          </div>
          <div className={classes.editorBox}>
            <CodeWorkspace
              files={work.files}
              onChange={work.setFiles}
              preferences={preferences}
              onPreferencesChange={signedIn ? setPreferences : undefined}
              label="Project files"
            />
          </div>
        </section>
        <section
          className={`nl-panel ${classes.pane} ${classes.previewPanel}`}
          aria-label="Preview"
          {...panes.paneProps("preview")}
        >
          <div className={classes.panelHead}>
            <span>Preview</span>
            <Button variant="subtle" size="compact-xs" onClick={() => void resetFiles()}>
              Reset to starter files
            </Button>
          </div>
          <PreviewFrame
            files={previewFiles}
            title={`${project.title} preview`}
            className={classes.previewFrame}
            onConsole={(entry) => setEntries((list) => [...list.slice(-(MAX_CONSOLE - 1)), entry])}
          />
          <div className={classes.consoleBox}>
            {/* Under the editor the preview has half the height: a shorter console leaves it room. */}
            <ConsolePanel
              entries={entries}
              onClear={() => setEntries([])}
              height={sideBySide && !threeColumns ? 64 : 96}
            />
          </div>
        </section>
      </div>
      {work.pending && (
        <div className={classes.hiddenRunner} inert>
          <PreviewFrame
            key={work.pending.run}
            files={runnerFiles}
            extraScript={work.pending.script}
            onMessage={(data) => void work.onRunnerMessage(data)}
            title="Checks"
          />
        </div>
      )}
    </div>
  );
}
