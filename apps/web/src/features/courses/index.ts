// What other features use of courses: the learner's next lesson (the home page's "Continue learning").
export { useNextLesson } from "./api/get-next-lesson.ts";
