import { ActionIcon, CopyButton, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useMarkdown } from "../../../lib/use-markdown.ts";
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
 * An answer as sanitised markdown with highlighted code (the lesson's own renderer), a copy button for each code
 * block and one for the whole answer.
 */
export function TutorAnswer({ markdown, streaming = false }: { markdown: string; streaming?: boolean }) {
  const html = useMarkdown(markdown);
  const ref = useRef<HTMLDivElement>(null);

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
      <div
        ref={ref}
        className={`${markdownClasses.markdown} ${classes.answerBody}`}
        data-tutor-answer
        dangerouslySetInnerHTML={{ __html: html }}
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
