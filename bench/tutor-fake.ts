// Child process of bench/tutor.ts: the fake OpenAI-compatible provider on its own event loop, so its work is
// not counted as the app's. Answers by IPC: its url, then the streams aborted and the timings of tagged questions.
import { startFakeOpenAi } from "../apps/server/src/test/fake-openai.ts";

/** A realistic answer: ~1,200 characters of guidance with a code block, in ~5-word chunks (a model's pace). */
const ANSWER = `Good question, and it is worth working out rather than memorising. Think of the shell as a loop: it reads a line, splits it into words, finds the program named by the first word, runs it with the other words as arguments, waits for it to finish, and prints a new prompt. Options are just arguments that start with a dash, and every program decides what they mean for itself.

Try this smaller example and predict what each line prints before you run it:

\`\`\`bash
echo one two three
echo "one two" three
ls -l /tmp
ls /tmp -l
\`\`\`

What changed between the first two lines? How many arguments did echo receive each time? Now compare the last two: does the order of an option and a path matter to ls, and why might it matter to another program?

When you have an answer, look again at the lesson's section on how a command line is read, and check whether your explanation matches it. If something surprises you, tell me what you expected and what you saw, and we will find where the two diverge.`;

const answer = ANSWER.match(/(?:\S+\s*){1,5}/g) ?? [ANSWER];
const fake = await startFakeOpenAi({ delayMs: Number(process.env.BENCH_TUTOR_CHUNK_MS ?? 50), answer, timings: true });

process.on("message", (message: { type: string; tags?: string[] }) => {
  if (message.type === "aborted") process.send?.({ type: "aborted", aborted: fake.aborted });
  if (message.type === "timings") {
    const timings = (message.tags ?? []).map((tag) => fake.timings!.get(tag) ?? null);
    fake.timings!.clear();
    process.send?.({ type: "timings", timings });
  }
});
process.send?.({ type: "ready", url: fake.url, chunks: answer.length, characters: ANSWER.length });
