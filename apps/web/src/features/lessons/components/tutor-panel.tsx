import { Button, Drawer, Loader } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconMessageChatbot } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { showSection } from "../../../lib/show-section.ts";
import classes from "./lesson.module.css";

// The chat (its markdown, streaming and thread code) loads when the panel first shows it.
const TutorChat = lazy(() => import("../tutor/tutor-chat.tsx").then((m) => ({ default: m.TutorChat })));

function Chat({ lessonId, onSectionLink }: { lessonId: number; onSectionLink?: (heading: HTMLElement) => void }) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the tutor" />}>
      <TutorChat key={lessonId} lessonId={lessonId} onSectionLink={onSectionLink} />
    </Suspense>
  );
}

/**
 * The lesson's AI tutor: beside the lesson on a wide screen, a button opening a drawer on a narrow one.
 * `lessonId` is null while the lesson loads or when it is locked.
 */
export function TutorPanel({ lessonId }: { lessonId: number | null }) {
  const wide = useMediaQuery("(min-width: 1024px)");
  const [open, setOpen] = useState(false);
  // A section an answer links to, shown once the drawer has closed (it traps focus and locks the page's scroll while
  // open); focus then goes to the section's heading, not back to the button that opened the drawer.
  const [pending, setPending] = useState<HTMLElement | null>(null);
  const showPending = () => {
    if (!pending) return;
    const heading = pending;
    setPending(null);
    // After the drawer's content (and its focus trap) has left the page.
    requestAnimationFrame(() => setTimeout(() => showSection(heading), 0));
  };
  const head = (
    <div className={classes.tutorHead}>
      <IconMessageChatbot size={22} aria-hidden="true" />
      <h2 id="tutor-title" className={classes.tutorTitle}>
        AI tutor
      </h2>
    </div>
  );
  return (
    <aside className={`nl-panel ${classes.tutor}`} aria-labelledby="tutor-title" data-tutor-panel>
      {head}
      {lessonId === null ? (
        <p className={classes.tutorText}>The tutor answers questions about the lesson once it is open.</p>
      ) : wide ? (
        <div className={classes.tutorBody}>
          <Chat lessonId={lessonId} />
        </div>
      ) : (
        <>
          <p className={classes.tutorText}>
            Stuck on something in this lesson? Ask the tutor: it guides you with hints.
          </p>
          <Button onClick={() => setOpen(true)} leftSection={<IconMessageChatbot size={16} />} data-tutor-open>
            Ask the AI tutor
          </Button>
          <Drawer
            opened={open}
            onClose={() => setOpen(false)}
            onExitTransitionEnd={showPending}
            returnFocus={pending === null}
            position="bottom"
            size="92%"
            title="AI tutor"
            closeButtonProps={{ "aria-label": "Close the tutor" }}
          >
            <Chat
              lessonId={lessonId}
              onSectionLink={(heading) => {
                setPending(heading);
                setOpen(false);
              }}
            />
          </Drawer>
        </>
      )}
    </aside>
  );
}
