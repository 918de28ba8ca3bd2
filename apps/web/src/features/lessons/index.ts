// What other features may use of the lessons feature.
export { QuizCard, quizAnchor } from "./components/quiz-card.tsx";
export { QueuedOffline } from "./lib/offline-lesson.ts";
