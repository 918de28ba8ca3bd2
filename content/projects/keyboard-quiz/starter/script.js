// The quiz's data: each question has four answers and the index of the right one.
const QUESTIONS = [
  {
    text: "Which key usually confirms a choice?",
    answers: ["Escape", "Enter", "Tab", "Shift"],
    correct: 1,
  },
  {
    text: "Which method stops a key from scrolling the page?",
    answers: ["event.stopPropagation()", "event.preventDefault()", "return false", "event.cancel()"],
    correct: 1,
  },
  {
    text: "Which event fires when a key goes down?",
    answers: ["keypress", "input", "keydown", "change"],
    correct: 2,
  },
];

// Step 2: state (current question, selected answer, score), render(), and one keydown handler.
