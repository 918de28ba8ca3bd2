import { ActionIcon, Anchor, Button, Group, Popover, Stack, Switch, Text, TextInput, Tooltip } from "@mantine/core";
import { EDITOR_DEFAULTS } from "@neonlab/shared/constants";
import { type Hack, hackFilesProblem, hackSlugSchema } from "@neonlab/shared/schemas/hacks";
import type { EditorPreferences } from "@neonlab/shared/schemas/profile";
import { IconExternalLink, IconGitFork, IconSettings, IconShare, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { openConfirmDialog, openShareHackDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { saveReturnPath } from "../../../lib/return-path.ts";
import { useSession } from "../../../lib/session.tsx";
import { toast } from "../../../lib/toasts.ts";
import {
  CodeWorkspace,
  type ConsoleEntry,
  ConsolePanel,
  PreviewFrame,
  type WorkspaceFile,
} from "../../editor/index.ts";
import { hackPath, updateHack, useDeleteHack, useForkHack, useHackSaved } from "../api/hacks.ts";
import classes from "./hacks.module.css";

/** After typing stops, how long the owner's changes wait before they are saved. */
export const AUTOSAVE_MS = 800;
const MAX_CONSOLE = 200;

type SaveState = { kind: "saved" | "unsaved" | "saving" | "invalid" | "error"; message?: string };
const SAVE_LABELS: Record<SaveState["kind"], string> = {
  saved: "All changes saved",
  unsaved: "Unsaved changes",
  saving: "Saving…",
  invalid: "Not saved",
  error: "Not saved",
};

/** Owner's autosave: the files are sent a moment after the last change; the state says where it stands. */
function useAutosave(hack: Hack, files: WorkspaceFile[]) {
  const [state, setState] = useState<SaveState>({ kind: "saved" });
  const saved = useHackSaved();
  const first = useRef(true);
  const version = useRef(0);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hack.can_edit) return;
    const problem = hackFilesProblem(files);
    if (problem) return setState({ kind: "invalid", message: problem });
    setState({ kind: "unsaved" });
    const mine = ++version.current;
    const timer = setTimeout(() => {
      setState({ kind: "saving" });
      updateHack(hack.id, { files }).then(
        (answer) => {
          saved({ ...answer, files });
          if (mine === version.current) setState({ kind: "saved" });
        },
        (error) => {
          if (mine === version.current) setState({ kind: "error", message: errorMessage(error) });
        },
      );
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [files, hack.id, hack.can_edit, saved]);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (state.kind !== "saved") event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [state.kind]);
  return state;
}

/** The owner's details: title, link name (old links keep working), listing on Explore, delete. */
function HackDetails({ hack }: { hack: Hack }) {
  const [opened, setOpened] = useState(false);
  const [title, setTitle] = useState(hack.title);
  const [slug, setSlug] = useState(hack.slug);
  const [listed, setListed] = useState(hack.listed);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = useHackSaved();
  const remove = useDeleteHack();
  const navigate = useNavigate();
  useEffect(() => {
    if (opened) {
      setTitle(hack.title);
      setSlug(hack.slug);
      setListed(hack.listed);
      setError(null);
    }
  }, [opened, hack.title, hack.slug, hack.listed]);

  const save = async () => {
    const slugCheck = hackSlugSchema.safeParse(slug);
    if (!slugCheck.success) return setError(slugCheck.error.issues[0]?.message ?? "Check the link name.");
    setBusy(true);
    try {
      const answer = await updateHack(hack.id, { title, slug: slugCheck.data, listed });
      saved(answer);
      setOpened(false);
      toast.success(listed ? "Saved. Your hack is listed on Explore." : "Saved.");
      if (answer.slug !== hack.slug) navigate(hackPath(answer), { replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const onDelete = async () => {
    setOpened(false);
    const confirmed = await openConfirmDialog({
      title: "Delete this hack",
      message: `Delete "${hack.title}" and its files? Its links stop working. This can not be undone.`,
      confirmLabel: "Delete",
    });
    if (!confirmed) return;
    remove.mutate(hack.id, {
      onSuccess: () => {
        toast.success("Hack deleted");
        navigate("/hacks");
      },
      onError: (caught) => toast.error(errorMessage(caught)),
    });
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal position="bottom-end" width={320} shadow="md">
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconSettings size={16} />}
          onClick={() => setOpened((o) => !o)}
        >
          Details
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="sm">
            <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} data-autofocus />
            <TextInput
              label="Link name"
              description="Old links keep working after a change."
              value={slug}
              onChange={(e) => setSlug(e.currentTarget.value.toLowerCase())}
            />
            <Switch
              label="List on Explore"
              description="Unlisted hacks are seen only by people with the link."
              checked={listed}
              onChange={(e) => setListed(e.currentTarget.checked)}
            />
            {error && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
            <Group justify="space-between">
              <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={onDelete}>
                Delete
              </Button>
              <Group gap="xs">
                <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                  Cancel
                </Button>
                <Button type="submit" size="xs" loading={busy}>
                  Save
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The hack's page: toolbar, editor (the owner's editable, everyone else's read-only), preview and console. */
export function HackWorkspace({ hack }: { hack: Hack }) {
  const { status, profile } = useSession();
  const [files, setFiles] = useState<WorkspaceFile[]>(hack.files);
  const [preferences, setPreferences] = useState<EditorPreferences>(profile?.editor_preferences ?? EDITOR_DEFAULTS);
  const [entries, setEntries] = useState<ConsoleEntry[]>([]);
  const save = useAutosave(hack, files);
  const fork = useForkHack();
  const navigate = useNavigate();

  useEffect(() => {
    if (profile?.editor_preferences) setPreferences(profile.editor_preferences);
  }, [profile?.editor_preferences]);

  const onFork = () => {
    if (status !== "signed-in") {
      saveReturnPath(hackPath(hack));
      navigate("/login");
      return;
    }
    fork.mutate(hack, {
      onSuccess: (copy) => {
        toast.success(`Forked into your hacks as "${copy.title}"`);
        navigate(hackPath(copy));
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const hasIndex = files.some((f) => /^index\.html?$/i.test(f.name));
  return (
    <>
      <div className={classes.toolbar}>
        <div className={classes.heading}>
          <h1>{hack.title}</h1>
          <Text size="xs" c="dimmed">
            by{" "}
            <Anchor component={Link} to={`/profile/${encodeURIComponent(hack.owner.username)}`} size="xs">
              @{hack.owner.username}
            </Anchor>
            {hack.forked_from && (
              <>
                {" · forked from "}
                {hack.forked_from.slug === null ? (
                  // An unlisted hack: its link is its owner's to share, so only its author is named.
                  <>
                    an unlisted hack by{" "}
                    <Anchor component={Link} to={`/profile/${encodeURIComponent(hack.forked_from.username)}`} size="xs">
                      @{hack.forked_from.username}
                    </Anchor>
                  </>
                ) : (
                  <Anchor
                    component={Link}
                    to={hackPath({ owner: hack.forked_from, slug: hack.forked_from.slug })}
                    size="xs"
                  >
                    @{hack.forked_from.username}/{hack.forked_from.slug}
                  </Anchor>
                )}
              </>
            )}
          </Text>
        </div>
        {hack.can_edit && (
          <span className={classes.status} data-state={save.kind} role="status" aria-live="polite" title={save.message}>
            {SAVE_LABELS[save.kind]}
            {save.message ? `: ${save.message}` : ""}
          </span>
        )}
        <Group gap="xs" wrap="wrap">
          {hack.live_url && (
            <Tooltip label="Open the live site in a new tab" withArrow>
              <ActionIcon
                component="a"
                href={hack.live_url}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                size="input-xs"
                aria-label="Open the live site"
              >
                <IconExternalLink size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconShare size={16} />}
            onClick={() =>
              void openShareHackDialog({
                username: hack.owner.username,
                slug: hack.slug,
                hasEnvironment: hack.has_environment,
              })
            }
          >
            Share
          </Button>
          {hack.can_edit ? (
            <HackDetails hack={hack} />
          ) : (
            <Button size="xs" leftSection={<IconGitFork size={16} />} onClick={onFork} loading={fork.isPending}>
              Fork
            </Button>
          )}
        </Group>
      </div>
      <div className={classes.workspace}>
        <div className={classes.editorCell}>
          <CodeWorkspace
            files={files}
            onChange={setFiles}
            readOnly={!hack.can_edit}
            preferences={preferences}
            onPreferencesChange={status === "signed-in" ? setPreferences : undefined}
            label={hack.title}
          />
        </div>
        <div className={classes.previewCell}>
          {hasIndex ? (
            <PreviewFrame
              files={files}
              title={`Preview of ${hack.title}`}
              onConsole={(entry) => setEntries((list) => [...list.slice(-(MAX_CONSOLE - 1)), entry])}
              onRendered={() => undefined}
            />
          ) : (
            <Stack h="100%" justify="center" align="center" p="md">
              <Text size="sm" c="dimmed" ta="center">
                Add an index.html to see a live preview.
              </Text>
            </Stack>
          )}
        </div>
        <div className={classes.consoleCell}>
          <ConsolePanel entries={entries} onClear={() => setEntries([])} height={120} />
        </div>
      </div>
    </>
  );
}
