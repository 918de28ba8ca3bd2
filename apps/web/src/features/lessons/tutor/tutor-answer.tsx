import { ActionIcon, CopyButton, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { type MouseEvent, useEffect, useRef } from "react";
import { useMarkdown } from "../../../lib/use-markdown.ts";
import { sectionTarget, showSection } from "../../../lib/show-section.ts";
import markdownClasses from "../../../components/markdown-content.module.css";
import classes from "./tutor.module.css";

/** Copies text; resolves false when the browser refuses. */
async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * An answer as sanitised markdown with highlighted code (the lessons' pipeline; while it streams, rendered again at
 * most once per frame), a copy button for each code block and one for the whole answer. A link to a section of the
 * lesson (`[Title](#heading-id)`) goes to its heading through `onSectionLink` (default: scroll there and focus it).
 */
export function TutorAnswer({
  markdown,
  streaming = false,
  onSectionLink = showSection,
}: {
  markdown: string;
  streaming?: boolean;
  onSectionLink?: (heading: HTMLElement) => void;
}) {
  const html = useMarkdown(markdown, { live: streaming });
  const ref = useRef<HTMLDivElement>(null);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const heading = sectionTarget((event.target as HTMLElement).closest("a")?.getAttribute("href"));
    if (!heading) return;
    event.preventDefault();
    onSectionLink(heading);
  };

  // Code blocks get their copy button once the answer is complete (the HTML is replaced on every chunk before).
  useEffect(() => {
    if (streaming || !ref.current) return;
    for (const pre of ref.current.querySelectorAll("pre")) {
      if (pre.parentElement?.classList.contains(classes.code ?? "")) continue;
      const wrap = document.createElement("div");
      wrap.className = classes.code ?? "";
      pre.replaceWith(wrap);
      wrap.append(pre);
      const button = document.createElement("button");
      button.type = "button";
      button.className = classes.copyCode ?? "";
      button.textContent = "Copy code";
      button.addEventListener("click", async () => {
        button.textContent = (await copy(pre.innerText)) ? "Copied" : "Copy failed";
        setTimeout(() => {
          button.textContent = "Copy code";
        }, 1500);
      });
      wrap.append(button);
    }
  }, [html, streaming]);

  return (
    <div className={classes.answer}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: only intercepts clicks on real links, which keep their own keyboard handling */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
      <div
        ref={ref}
        className={`${markdownClasses.markdown} ${classes.answerBody}`}
        onClick={onClick}
        data-tutor-answer
        aria-busy={html === null || undefined}
        dangerouslySetInnerHTML={{ __html: html ?? "" }}
      />
      {!streaming && (
        <CopyButton value={markdown} timeout={1500}>
          {({ copied, copy: copyAnswer }) => (
            <Tooltip label={copied ? "Copied" : "Copy answer"} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? "neon" : "gray"}
                size="sm"
                onClick={copyAnswer}
                aria-label={copied ? "Answer copied" : "Copy answer"}
                className={classes.copyAnswer}
              >
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      )}
    </div>
  );
}
