import type { LessonQuiz, QuizOptionResult, QuizResult, QuizType } from "@neonlab/shared/schemas/learning";

export type QuizStatus = "idle" | "checking" | "wrong" | "passed";

export type QuizState = {
  type: QuizType;
  /** Picked option ids, in display order. */
  selected: string[];
  status: QuizStatus;
  /** Per-option feedback from the last answer: every option once passed, the picked ones after a wrong try. */
  feedback: QuizOptionResult[];
  /** Answers sent in this visit (retries allowed). */
  attempts: number;
};

export type QuizAction =
  | { type: "pick"; optionId: string; checked: boolean }
  | { type: "submit" }
  | { type: "result"; result: QuizResult }
  | { type: "failed" };

/** A quiz as the page opens it: already passed quizzes show their review. */
export function initialQuizState(quiz: LessonQuiz): QuizState {
  if (quiz.passed) {
    const feedback = quiz.review ?? [];
    return {
      type: quiz.type,
      selected: feedback.filter((o) => o.selected).map((o) => o.option_id),
      status: "passed",
      feedback,
      attempts: 0,
    };
  }
  return { type: quiz.type, selected: [], status: "idle", feedback: [], attempts: 0 };
}

const byDisplayOrder = (ids: string[]) => [...ids].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case "pick": {
      if (state.status === "passed" || state.status === "checking") return state;
      const selected =
        state.type === "single"
          ? action.checked
            ? [action.optionId]
            : []
          : byDisplayOrder(
              action.checked
                ? [...new Set([...state.selected, action.optionId])]
                : state.selected.filter((id) => id !== action.optionId),
            );
      // A changed answer is a fresh try: the old feedback no longer applies.
      return { ...state, selected, status: "idle", feedback: [] };
    }
    case "submit":
      return canSubmit(state) ? { ...state, status: "checking" } : state;
    case "result": {
      const { result } = action;
      return {
        ...state,
        status: result.correct ? "passed" : "wrong",
        feedback: result.explanations,
        attempts: state.attempts + 1,
      };
    }
    case "failed":
      return state.status === "checking" ? { ...state, status: "idle" } : state;
  }
}

/** An answer can be sent when something is picked and it is not the answer just marked wrong. */
export function canSubmit(state: QuizState): boolean {
  return state.status === "idle" && state.selected.length > 0;
}

/** The feedback line for one option, if the last answer produced one. */
export function optionFeedback(state: QuizState, optionId: string): QuizOptionResult | undefined {
  return state.feedback.find((o) => o.option_id === optionId);
}
