import { css } from "@codemirror/lang-css";
import { html } from "@codemirror/lang-html";
import { javascript } from "@codemirror/lang-javascript";
import { EditorView } from "@codemirror/view";
import { ActionIcon, Button, Group, Menu, Popover, Text, TextInput, Tooltip, VisuallyHidden } from "@mantine/core";
import { EDITOR_DEFAULTS, type EditorTheme } from "@neonlab/shared/constants";
import { HACK_MAX_FILES, hackFileNameProblem, hackFilesProblem } from "@neonlab/shared/schemas/hacks";
import { IconAdjustments, IconDots, IconFilePlus, IconPencil, IconTrash } from "@tabler/icons-react";
import CodeMirror from "@uiw/react-codemirror";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { openEditorConfigDialog } from "../../components/dialogs/open-dialogs.tsx";
import classes from "./editor.module.css";
import { codeMirrorTheme, fontStack, themeColors } from "./themes.ts";
import type { CodeWorkspaceProps, WorkspaceFile } from "./types.ts";

const languageOf = (name: string) => {
  const extension = name.split(".").pop()?.toLowerCase();
  if (extension === "html" || extension === "htm" || extension === "svg") return [html()];
  if (extension === "css") return [css()];
  if (extension === "js" || extension === "mjs" || extension === "json") return [javascript()];
  return [];
};

/** A small form in a popover: a file name, checked against the hack rules before it is accepted. */
function FileNameForm({
  label,
  initial,
  files,
  except,
  onDone,
}: {
  label: string;
  initial: string;
  files: WorkspaceFile[];
  except?: string;
  onDone: (name: string | null) => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const trimmed = name.trim();
    const problem =
      hackFileNameProblem(trimmed) ??
      (files.some((f) => f.name !== except && f.name.toLowerCase() === trimmed.toLowerCase())
        ? `There is already a file named "${trimmed}".`
        : null);
    if (problem) return setError(problem);
    onDone(trimmed);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextInput
        label={label}
        value={name}
        data-autofocus
        error={error}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") onDone(null);
        }}
      />
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button variant="default" size="xs" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" size="xs">
          {except ? "Rename" : "Add"}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The code editor of hacks and projects: file tabs (add, rename, delete when editable) over one CodeMirror
 * 6 view, in the user's theme (Sandpack's set), font, size and line height. Loaded on demand (index.ts).
 */
export default function CodeWorkspaceImpl({
  files,
  onChange,
  readOnly = false,
  preferences = EDITOR_DEFAULTS,
  onPreferencesChange,
  label = "Code",
}: CodeWorkspaceProps) {
  const [active, setActive] = useState(files[0]?.name ?? "");
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const tabsRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const current = files.find((f) => f.name === active) ?? files[0];
  const colors = themeColors(preferences.theme as EditorTheme);

  const extensions = useMemo(
    () => [
      ...languageOf(current?.name ?? ""),
      EditorView.lineWrapping,
      // tabindex: the code is a keyboard stop even read-only (contenteditable=false), so the scrolling
      // .cm-scroller always holds a focusable element (axe scrollable-region-focusable) and arrow keys scroll it.
      EditorView.contentAttributes.of({ "aria-label": `${current?.name ?? "file"} code`, tabindex: "0" }),
      EditorView.theme({
        "&": { fontSize: `${preferences.fontSize}px`, height: "100%" },
        ".cm-scroller": { fontFamily: fontStack(preferences.fontFamily), lineHeight: `${preferences.lineHeight}px` },
      }),
    ],
    [current?.name, preferences.fontFamily, preferences.fontSize, preferences.lineHeight],
  );

  const change = (next: WorkspaceFile[]) => {
    const broken = hackFilesProblem(next);
    setProblem(broken);
    onChange(next);
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const target =
      event.key === "Home" ? 0 : event.key === "End" ? files.length - 1 : (index + step + files.length) % files.length;
    setActive(files[target]!.name);
    tabsRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[target]?.focus();
  };

  const configure = async () => {
    const before = preferences;
    const saved = await openEditorConfigDialog({ onChange: (live) => onPreferencesChange?.(live) });
    onPreferencesChange?.(saved ?? before);
  };

  return (
    <div
      className={classes.workspace}
      data-editor-theme={preferences.theme}
      style={{
        ["--ws-bg" as string]: colors.background,
        ["--ws-surface" as string]: colors.surface,
        ["--ws-border" as string]: colors.border,
        ["--ws-text" as string]: colors.text,
        ["--ws-muted" as string]: colors.muted,
        ["--ws-accent" as string]: colors.accent,
      }}
    >
      <div className={classes.bar}>
        <div ref={tabsRef} role="tablist" aria-label={`${label} files`} className={classes.tabs}>
          {files.map((file, index) => (
            <button
              key={file.name}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-selected={file.name === current?.name}
              aria-controls={`${baseId}-panel`}
              tabIndex={file.name === current?.name ? 0 : -1}
              className={classes.tab}
              onClick={() => setActive(file.name)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {file.name}
            </button>
          ))}
        </div>
        <Group gap={4} wrap="nowrap" className={classes.actions}>
          {!readOnly && (
            <Popover opened={adding} onChange={setAdding} trapFocus withinPortal position="bottom-end" width={280}>
              <Popover.Target>
                <Tooltip label="New file" withArrow>
                  <ActionIcon
                    variant="subtle"
                    className={classes.icon}
                    aria-label="New file"
                    disabled={files.length >= HACK_MAX_FILES}
                    onClick={() => setAdding((open) => !open)}
                  >
                    <IconFilePlus size={18} />
                  </ActionIcon>
                </Tooltip>
              </Popover.Target>
              <Popover.Dropdown>
                <FileNameForm
                  label="New file name"
                  initial=""
                  files={files}
                  onDone={(name) => {
                    setAdding(false);
                    if (!name) return;
                    change([...files, { name, content: "" }]);
                    setActive(name);
                  }}
                />
              </Popover.Dropdown>
            </Popover>
          )}
          {!readOnly && current && (
            <Popover
              opened={renaming}
              onChange={setRenaming}
              trapFocus
              withinPortal
              withRoles={false}
              position="bottom-end"
              width={280}
            >
              <Popover.Target>
                <div>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" className={classes.icon} aria-label={`Actions for ${current.name}`}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setRenaming(true)}>
                        Rename {current.name}
                      </Menu.Item>
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        disabled={files.length <= 1}
                        onClick={() => {
                          const next = files.filter((f) => f.name !== current.name);
                          change(next);
                          setActive(next[0]?.name ?? "");
                        }}
                      >
                        Delete {current.name}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </div>
              </Popover.Target>
              <Popover.Dropdown>
                <FileNameForm
                  label={`Rename ${current.name}`}
                  initial={current.name}
                  files={files}
                  except={current.name}
                  onDone={(name) => {
                    setRenaming(false);
                    if (!name || name === current.name) return;
                    change(files.map((f) => (f.name === current.name ? { ...f, name } : f)));
                    setActive(name);
                  }}
                />
              </Popover.Dropdown>
            </Popover>
          )}
          {onPreferencesChange && (
            <Tooltip label="Editor Configuration" withArrow>
              <ActionIcon
                variant="subtle"
                className={classes.icon}
                aria-label="Editor Configuration"
                onClick={configure}
              >
                <IconAdjustments size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </div>
      {problem && (
        <Text role="alert" size="sm" className={classes.problem}>
          {problem}
        </Text>
      )}
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${Math.max(
          0,
          files.findIndex((f) => f.name === current?.name),
        )}`}
        className={classes.editor}
      >
        <VisuallyHidden>
          {readOnly ? "Read-only code." : "Code editor."} Press Escape, then Tab, to move out of the editor.
        </VisuallyHidden>
        {current && (
          <CodeMirror
            key={current.name}
            value={current.content}
            readOnly={readOnly}
            editable={!readOnly}
            theme={codeMirrorTheme(preferences.theme as EditorTheme)}
            extensions={extensions}
            height="100%"
            basicSetup={{ foldGutter: false, highlightActiveLineGutter: true }}
            onChange={(content) => change(files.map((f) => (f.name === current.name ? { ...f, content } : f)))}
          />
        )}
      </div>
    </div>
  );
}
