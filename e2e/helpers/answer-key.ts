import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LessonDetail } from "@neonlab/shared/schemas/learning";
import YAML from "yaml";

// The answers come from the content files the app imported (a wrong answer never reveals them): each quiz's
// correct options by text, matched to the ids the lesson was sent with.

const CONTENT = join(process.cwd(), "content", "courses");

type QuizFile = { id: string; options: { text: string; correct?: boolean }[] };

function lessonFile(courseSlug: string, lessonSlug: string): QuizFile[] {
  const chapters = join(CONTENT, courseSlug, "chapters");
  for (const chapter of readdirSync(chapters)) {
    for (const file of readdirSync(join(chapters, chapter))) {
      if (!file.endsWith(".md") || file === "chapter.md") continue;
      const text = readFileSync(join(chapters, chapter, file), "utf8");
      const front = YAML.parse(text.split(/^---$/m)[1]) as { slug: string; quizzes: QuizFile[] };
      if (front.slug === lessonSlug) return front.quizzes;
    }
  }
  throw new Error(`no lesson file for ${courseSlug}/${lessonSlug}`);
}

/** Quiz id → the ids of its correct options, in the order the lesson shows them. */
export function answerKey(lesson: LessonDetail): Map<number, string[]> {
  const files = lessonFile(lesson.course.slug, lesson.slug);
  return new Map(
    lesson.quizzes.map((quiz) => {
      const file = files.find((q) => q.id === quiz.key);
      if (!file) throw new Error(`no quiz ${quiz.key} in ${lesson.slug}`);
      const correct = new Set(file.options.filter((o) => o.correct).map((o) => o.text.trim()));
      return [quiz.id, quiz.options.filter((o) => correct.has(o.text)).map((o) => o.id)];
    }),
  );
}
