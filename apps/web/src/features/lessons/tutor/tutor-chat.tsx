import { Alert, Button, Group, Loader, Select, Stack, Text, Textarea, VisuallyHidden } from "@mantine/core";
import { TUTOR_QUESTION_MAX, type TutorInfo, type TutorMessage } from "@neonlab/shared/schemas/tutor";
import { IconPlayerStopFilled, IconSend, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { rememberedThread, rememberThread } from "./remembered-thread.ts";
import { deleteTutorThread, streamChat, tutorInfoQuery, tutorThreadQuery } from "./tutor-api.ts";
import { TutorAllowance, TutorAllowanceSpent } from "./tutor-allowance.tsx";
import { TutorAnswer } from "./tutor-answer.tsx";
import { answerText } from "./answer-text.ts";
import classes from "./tutor.module.css";
import { queryKeys } from "../../../lib/query-keys.ts";

type Live = { question: string; text: string; streaming: boolean };
/** `spent`: the day's questions are used up (429) — the allowance notice says it, with when they come back. */
type Problem = { message: string; offline: boolean; question: string; spent?: boolean };

const NEW = "new";

/**
 * The lesson's tutor chat: threads, the conversation, the streamed answer, the composer, the day's questions
 * (lazy-loaded). `onSectionLink` goes to the lesson section an answer links to (the drawer closes first).
 */
export function TutorChat({
  lessonId,
  onSectionLink,
}: {
  lessonId: number;
  onSectionLink?: (heading: HTMLElement) => void;
}) {
  const queryClient = useQueryClient();
  const info = useQuery(tutorInfoQuery(lessonId));
  const [threadId, showThread] = useState<number | null>(null);
  const setThreadId = (id: number | null) => {
    showThread(id);
    rememberThread(lessonId, id);
  };
  // On load, the conversation the learner last had open here (a reload brings it back).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !info.data) return;
    restored.current = true;
    showThread(rememberedThread(lessonId, info.data.threads));
  }, [info.data, lessonId]);
  const thread = useQuery({ ...tutorThreadQuery(threadId ?? 0), enabled: threadId !== null });
  const [question, setQuestion] = useState("");
  const [live, setLive] = useState<Live | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const abort = useRef<AbortController | null>(null);
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [live?.text, thread.data]);

  if (info.isPending) return <Loader size="sm" aria-label="Loading the tutor" />;
  if (info.isError) return <Alert color="red">{errorMessage(info.error)}</Alert>;
  const tutor = info.data;
  const messages: TutorMessage[] = threadId !== null ? (thread.data?.messages ?? []) : [];
  const streaming = live?.streaming ?? false;

  async function ask(text: string, assistantId: string) {
    const controller = new AbortController();
    abort.current = controller;
    setProblem(null);
    setAnnouncement("");
    setLive({ question: text, text: "", streaming: true });
    let answer = "";
    try {
      await streamChat(
        { assistantId, threadId, question: text },
        (event) => {
          if (event.type === "delta") answer += event.text;
          if (event.type === "retract") answer = "";
          if (event.type === "delta" || event.type === "retract")
            setLive({ question: text, text: answer, streaming: true });
          if (event.type === "error") setProblem({ message: event.message, offline: event.offline, question: text });
          if (event.type === "done") {
            // The count changes at once; the refetch below confirms it.
            queryClient.setQueryData<TutorInfo>(queryKeys.tutor.info(lessonId), (old) =>
              old ? { ...old, questions_left: event.questions_left } : old,
            );
            setQuestion("");
            setThreadId(event.thread_id);
            setAnnouncement(`The tutor answered: ${answerText(answer)}`);
          }
        },
        controller.signal,
      );
    } catch (error) {
      // A refusal (429: today's questions are used up) or a lost connection; the question stays in the box.
      if (!controller.signal.aborted) {
        const spent = error instanceof ApiError && error.statusCode === 429;
        setProblem({ message: errorMessage(error), offline: false, question: "", spent });
      }
    } finally {
      abort.current = null;
      if (controller.signal.aborted) setAnnouncement("Answer stopped.");
      // The saved exchange (or the stopped answer) comes back with the thread; then the live copy goes.
      await queryClient.invalidateQueries({ queryKey: queryKeys.tutor.all() });
      setLive(null);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (text && !streaming) void ask(text, tutor.assistant_id);
  };

  const removeThread = async () => {
    if (threadId === null) return;
    const ok = await openConfirmDialog({
      title: "Delete this conversation?",
      message: "Its questions and answers are deleted for good.",
      confirmLabel: "Delete",
      confirmColor: "red",
    });
    if (!ok) return;
    try {
      await deleteTutorThread(threadId);
      setThreadId(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.tutor.info(lessonId) });
    } catch (error) {
      setProblem({ message: errorMessage(error), offline: false, question: "" });
    }
  };

  const options = [
    { value: NEW, label: "New conversation" },
    ...tutor.threads.map((t) => ({ value: String(t.id), label: t.title })),
  ];

  return (
    <Stack gap="sm" className={classes.chat} data-tutor-chat>
      <Text size="sm" c="dimmed" data-tutor-kind={tutor.kind}>
        {tutor.kind === "model" ? `Model: ${tutor.model}` : "Offline assistant: answers from this lesson's text"}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Select
          label="Conversation"
          data={options}
          value={threadId === null ? NEW : String(threadId)}
          onChange={(value) => setThreadId(value && value !== NEW ? Number(value) : null)}
          disabled={streaming}
          allowDeselect={false}
          className={classes.threads}
          comboboxProps={{ withinPortal: true }}
        />
        {threadId !== null && (
          <Button
            variant="subtle"
            color="red"
            onClick={removeThread}
            disabled={streaming}
            leftSection={<IconTrash size={16} />}
          >
            Delete
          </Button>
        )}
      </Group>

      <div className={classes.log} aria-label="Conversation with the tutor" role="log" aria-live="off">
        {messages.length === 0 && !live && (
          <Text size="sm" c="dimmed">
            Stuck? Ask about anything in this lesson. The tutor guides you with hints and questions; it does not hand
            out quiz answers.
          </Text>
        )}
        {messages.map((m) =>
          m.role === "user" ? (
            <p key={m.id} className={classes.question}>
              {m.content}
            </p>
          ) : (
            <TutorAnswer key={m.id} markdown={m.content} onSectionLink={onSectionLink} />
          ),
        )}
        {live && (
          <>
            <p className={classes.question}>{live.question}</p>
            <div aria-busy={live.streaming} data-tutor-streaming={live.streaming || undefined}>
              {live.text ? (
                <TutorAnswer markdown={live.text} streaming={live.streaming} onSectionLink={onSectionLink} />
              ) : (
                <Loader size="xs" type="dots" aria-label="The tutor is thinking" />
              )}
            </div>
          </>
        )}
        <div ref={endRef} />
      </div>
      <VisuallyHidden aria-live="polite" data-tutor-announcement>
        {announcement}
      </VisuallyHidden>

      {problem && !(problem.spent && tutor.questions_left === 0) && (
        <Alert color={problem.offline ? "yellow" : "red"} role="alert" data-tutor-problem>
          <Text size="sm">{problem.message}</Text>
          {problem.offline && problem.question && (
            <Button
              size="xs"
              mt="xs"
              variant="light"
              onClick={() => void ask(problem.question, tutor.offline_assistant_id)}
              disabled={streaming}
            >
              Ask the offline assistant instead
            </Button>
          )}
        </Alert>
      )}

      {tutor.questions_left === 0 && !streaming && <TutorAllowanceSpent info={tutor} />}

      <form onSubmit={onSubmit} className={classes.composer}>
        <Textarea
          label="Your question"
          placeholder="What does this example print, and why?"
          value={question}
          onChange={(e) => setQuestion(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) onSubmit(e);
          }}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={TUTOR_QUESTION_MAX}
          description="Enter sends, Shift+Enter adds a line."
        />
        <Group justify="space-between" mt="xs" wrap="nowrap">
          <TutorAllowance info={tutor} />
          {streaming ? (
            <Button
              color="red"
              variant="light"
              onClick={() => abort.current?.abort()}
              leftSection={<IconPlayerStopFilled size={16} />}
            >
              Stop
            </Button>
          ) : (
            <Button type="submit" leftSection={<IconSend size={16} />} disabled={!question.trim()}>
              Ask
            </Button>
          )}
        </Group>
      </form>
    </Stack>
  );
}
