import type { LessonQuiz, QuizOptionResult, QuizResult, QuizType } from "@neonlab/shared/schemas/learning";

export type QuizStatus = "idle" | "checking" | "wrong" | "passed";

export type QuizState = {
  type: QuizType;
  /** Option ids in the order shown (the server's order for this learner). */
  order: string[];
  /** Picked option ids, in display order. */
  selected: string[];
  status: QuizStatus;
  /** Every option explained, once the quiz is passed (a wrong answer explains none). */
  feedback: QuizOptionResult[];
  /** What the last wrong answer said, and the quiz's hint if it has one. */
  wrong: { message: string; hint: string | null } | null;
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
  const order = quiz.options.map((o) => o.id);
  if (quiz.passed) {
    const feedback = quiz.review ?? [];
    return {
      type: quiz.type,
      order,
      selected: feedback.filter((o) => o.selected).map((o) => o.option_id),
      status: "passed",
      feedback,
      wrong: null,
      attempts: 0,
    };
  }
  return { type: quiz.type, order, selected: [], status: "idle", feedback: [], wrong: null, attempts: 0 };
}

const inDisplayOrder = (order: string[], ids: string[]) =>
  order.filter((id) => ids.includes(id)).concat(ids.filter((id) => !order.includes(id)));

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case "pick": {
      if (state.status === "passed" || state.status === "checking") return state;
      const selected =
        state.type === "single"
          ? action.checked
            ? [action.optionId]
            : []
          : inDisplayOrder(
              state.order,
              action.checked
                ? [...new Set([...state.selected, action.optionId])]
                : state.selected.filter((id) => id !== action.optionId),
            );
      // A changed answer is a fresh try: the last verdict no longer applies.
      return { ...state, selected, status: "idle", wrong: null };
    }
    case "submit":
      return canSubmit(state) ? { ...state, status: "checking" } : state;
    case "result": {
      const { result } = action;
      return result.correct
        ? { ...state, status: "passed", feedback: result.explanations, wrong: null, attempts: state.attempts + 1 }
        : {
            ...state,
            status: "wrong",
            feedback: [],
            wrong: { message: result.message, hint: result.hint },
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

/** The explanation of one option, once the quiz is passed. */
export function optionFeedback(state: QuizState, optionId: string): QuizOptionResult | undefined {
  return state.feedback.find((o) => o.option_id === optionId);
}
