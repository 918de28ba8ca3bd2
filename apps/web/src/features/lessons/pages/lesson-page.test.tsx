import {
  courseDetailSchema,
  type LessonCompleteResult,
  type LessonDetail,
  lessonCompleteResultSchema,
  lessonDetailSchema,
  type QuizResult,
  quizResultSchema,
  reflectionResultSchema,
} from "@neonlab/shared/schemas/learning";
import { tutorInfoSchema } from "@neonlab/shared/schemas/tutor";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { testTutorInfo } from "../../../test/fixtures.ts";
import { mockApi, mockError, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { LessonPage } from "./lesson-page.tsx";

afterEach(() => cleanup());

const LESSON_PATH = "/api/courses/web-foundations/lessons/your-first-page";

const lesson: LessonDetail = {
  id: 11,
  course_id: 1,
  chapter_id: 2,
  lesson_order: 1,
  slug: "your-first-page",
  title: "Your First Page",
  goal: "Write a valid HTML page.",
  xp: 10,
  word_count: 400,
  body: "Every page starts with a doctype.",
  course: { id: 1, slug: "web-foundations", title: "Web Foundations", premium: false },
  chapter: {
    id: 2,
    slug: "html-basics",
    title: "HTML Basics",
    chapter_order: 1,
    badge: { id: 3, name: "Markup Initiate", image: "/badge.svg" },
  },
  quizzes: [
    {
      id: 21,
      key: "doctype",
      type: "single",
      question: "What does the doctype do?",
      options: [
        { id: "9f2c41d0aa", text: "Downloads HTML5" },
        { id: "03be7a1c55", text: "Standards mode" },
      ],
      passed: false,
      review: null,
    },
  ],
  reflections: [{ id: 31, key: "why", prompt: "Why do semantics matter?", user_response: null }],
  previous: null,
  next: { slug: "text-links-images", title: "Text, Links and Images" },
  completed: false,
  passed_quiz_ids: [],
  answered_reflection_ids: [],
};

const wrong: QuizResult = {
  quiz_id: 21,
  correct: false,
  message: "That is not the right answer. Have another look and try again.",
  wrong_count: 1,
  hint: "Think about quirks.",
  explanation: "",
  explanations: [],
  passed: false,
};
const right: QuizResult = {
  quiz_id: 21,
  correct: true,
  message: "Correct!",
  wrong_count: null,
  hint: null,
  explanation: "Without it browsers use quirks mode.",
  explanations: [
    {
      option_id: "9f2c41d0aa",
      text: "Downloads HTML5",
      correct: false,
      selected: false,
      explanation: "Nothing is downloaded.",
    },
    {
      option_id: "03be7a1c55",
      text: "Standards mode",
      correct: true,
      selected: true,
      explanation: "Without it browsers use quirks mode.",
    },
  ],
  passed: true,
};
const completion: LessonCompleteResult = {
  lessonId: 11,
  xpAwarded: 10,
  alreadyCompleted: false,
  streak: { count: 1, extended: true, status: "done" },
  chapterCompleted: { id: 3, name: "Markup Initiate", image: "/badge.svg" },
  courseCompleted: false,
  neonbitsAwarded: 20,
};

describe("LessonPage", { timeout: 30_000 }, () => {
  it("grades a quiz wrong then right, saves a reflection, completes and opens the dialogs in order", async () => {
    mockGet(LESSON_PATH, lessonDetailSchema, lesson);
    // The tutor panel beside the lesson (its chat loads on its own).
    mockGet("/api/lessons/11/openai", tutorInfoSchema, testTutorInfo);
    const grades = [wrong, right];
    const answers = mockApi(
      "POST",
      "/api/lessons/11/quizes/21/complete",
      quizResultSchema,
      () => grades.shift() ?? right,
    );
    const reflections = mockApi(
      "POST",
      "/api/lessons/11/reflections/31/complete",
      reflectionResultSchema,
      ({ body }) => ({
        reflection_id: 31,
        user_response: (body as { userResponse: string }).userResponse,
        answered_at: "2025-01-01T00:00:00Z",
      }),
    );
    mockApi("POST", "/api/lessons/11/complete", lessonCompleteResultSchema, completion);
    const user = userEvent.setup();
    renderApp(<LessonPage />, {
      path: "/courses/web-foundations/your-first-page",
      route: "/courses/:slug/:lessonSlug",
    });

    expect(await screen.findByRole("heading", { name: "Your First Page", level: 1 })).toBeTruthy();
    expect(screen.getByText("Write a valid HTML page.")).toBeTruthy();
    expect(screen.getByRole("complementary", { name: "AI tutor" })).toBeTruthy();
    const complete = screen.getByRole("button", { name: "Complete lesson" });
    expect(complete.hasAttribute("disabled")).toBe(true);
    expect(screen.getByText("Pass 1 more quiz and answer 1 more reflection to complete this lesson.")).toBeTruthy();

    const check = screen.getByRole("button", { name: "Check answer" });
    expect(check.hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByRole("radio", { name: /Downloads HTML5/ }));
    await user.click(check);
    // A wrong answer says so, with the hint, explains no option, and takes the focus.
    const verdict = await screen.findByText("That is not the right answer. Have another look and try again.");
    expect(screen.getByText("Think about quirks.")).toBeTruthy();
    expect(screen.queryByText("Nothing is downloaded.")).toBeNull();
    expect(answers[0]?.body).toEqual({ responses: ["9f2c41d0aa"] });
    await waitFor(() => expect(document.activeElement).toBe(verdict.closest("[data-quiz-result]")));

    await user.click(screen.getByRole("radio", { name: /Standards mode/ }));
    expect(screen.queryByText("Think about quirks.")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    const correct = await screen.findByText(/Correct! Every option is explained/);
    await waitFor(() => expect(document.activeElement).toBe(correct.closest("[data-quiz-result]")));
    expect(screen.getByText("Without it browsers use quirks mode.")).toBeTruthy();
    expect(screen.getByText("Nothing is downloaded.")).toBeTruthy();
    expect(screen.getByText("Answer 1 more reflection to complete this lesson.")).toBeTruthy();

    const answer = screen.getByRole("textbox", { name: "Why do semantics matter?" });
    await user.type(answer, "short");
    await user.tab();
    expect(await screen.findByText("Your answer must be at least 10 characters")).toBeTruthy();
    await user.type(answer, " but now long enough");
    await user.click(screen.getByRole("button", { name: "Save answer" }));
    const saved = await screen.findByText("Your answer is saved.");
    await waitFor(() => expect(document.activeElement).toBe(saved));
    expect(reflections[0]?.body).toEqual({
      userResponse: "short but now long enough",
    });

    await waitFor(() => expect(complete.hasAttribute("disabled")).toBe(false));
    await user.click(complete);

    const lessonDialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
    expect(within(lessonDialog).getByText("Great work!")).toBeTruthy();
    expect(within(lessonDialog).getByText("You've earned 10 XP for completing this lesson.")).toBeTruthy();
    await user.click(within(lessonDialog).getByRole("button", { name: "Sounds Good" }));

    expect(await screen.findByText("1 Day Streak!")).toBeTruthy();
    expect(screen.getByText("Streak mode: ON")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Keep Going" }));

    expect(await screen.findByText("Here's Your Badge!")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Markup Initiate badge" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Sounds Good" }));
    await waitFor(() => expect(screen.queryByText("Here's Your Badge!")).toBeNull());
    expect(screen.queryByText("You've successfully completed the course!")).toBeNull();
    expect(await screen.findByText("Lesson completed")).toBeTruthy();
  });

  it("shows a locked premium lesson's title, place and goal, then the paywall with a link to /pricing", async () => {
    mockError("GET", LESSON_PATH, 403, {
      statusCode: 403,
      statusMessage: "Forbidden",
      message: "This lesson is part of a premium course.",
    });
    const summary = { ...lesson, completed: false, locked: true };
    mockGet("/api/courses/web-foundations", courseDetailSchema, {
      id: lesson.course.id,
      slug: "web-foundations",
      category_id: 1,
      premium: true,
      title: lesson.course.title,
      pitch: "Build pages.",
      cover: "/cover.svg",
      level: "beginner",
      created_at: "2026-01-01T00:00:00.000Z",
      chapter_count: 1,
      lesson_count: 1,
      progress: null,
      rating: { average: null, count: 0, mine: null },
      category: { id: 1, slug: "web", name: "Web", description: "The web." },
      has_access: false,
      chapters: [
        {
          ...lesson.chapter,
          course_id: lesson.course.id,
          badge_id: lesson.chapter.badge.id,
          intro: "",
          glossary: [],
          preview: false,
          completed: false,
          lessons: [summary],
        },
      ],
    });
    renderApp(<LessonPage />, {
      path: "/courses/web-foundations/your-first-page",
      route: "/courses/:slug/:lessonSlug",
    });
    expect(await screen.findByRole("heading", { level: 1, name: lesson.title })).toBeTruthy();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: lesson.course.title }).getAttribute("href")).toBe(
      "/courses/web-foundations",
    );
    expect(screen.getByRole("heading", { level: 2, name: "This lesson is locked" })).toBeTruthy();
    expect(screen.getByText("This lesson is part of a premium course.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/pricing");
  });
  it("gives the lesson's headings the ids the tutor's answers link to", async () => {
    mockGet(LESSON_PATH, lessonDetailSchema, { ...lesson, body: "Intro.\n\n## Where am I?\n\nRun `pwd`." });
    mockGet("/api/lessons/11/openai", tutorInfoSchema, testTutorInfo);
    renderApp(<LessonPage />, {
      path: "/courses/web-foundations/your-first-page",
      route: "/courses/:slug/:lessonSlug",
    });
    const heading = await screen.findByRole("heading", { level: 2, name: "Where am I?" });
    expect(heading.id).toBe("where-am-i");
    expect(screen.getByRole("heading", { level: 1 }).id).toBe("lesson-title");
  });
  it("shows the site's not-found page for a lesson that does not exist", async () => {
    mockError("GET", LESSON_PATH, 404, {
      statusCode: 404,
      statusMessage: "Not Found",
      message: "Lesson not found.",
    });
    const { container } = renderApp(<LessonPage />, {
      path: "/courses/web-foundations/your-first-page",
      route: "/courses/:slug/:lessonSlug",
    });
    await waitFor(() => expect(container.querySelector("[data-error-page]")?.getAttribute("data-status")).toBe("404"));
    expect(container.querySelector("[data-error-message]")?.textContent).toContain(
      "Page Not Found: /courses/web-foundations/your-first-page",
    );
    expect(container.querySelector("[data-lesson-error]")).toBeNull();
  });
});
