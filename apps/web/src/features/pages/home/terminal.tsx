import classes from "./home-page.module.css";

const LINES = [
  { prompt: true, text: "neonlab start web-foundations" },
  { text: "Loading chapter 1: HTML Basics ........ ok" },
  { text: "Lesson 1/4  Your First Page" },
  { prompt: true, text: "quiz answer --option 1" },
  { text: "✔ Correct. Without a doctype, browsers fall back to quirks mode.", tone: "ok" },
  { prompt: true, text: "lesson complete" },
  { text: "+10 XP   streak: 7 days   badge progress: 1/4", tone: "xp" },
];

/** Decorative terminal in the hero, read as a short description by screen readers. */
export function Terminal() {
  return (
    <figure className={classes.terminal} aria-label="A NeonLab lesson in a terminal: answer a quiz, earn 10 XP">
      <div className={classes.terminalBar} aria-hidden="true">
        <span />
        <span />
        <span />
        <em>~/neonlab</em>
      </div>
      <pre className={classes.terminalBody} aria-hidden="true">
        {LINES.map((line) => (
          <div key={line.text} data-tone={line.tone}>
            {line.prompt && <b>$ </b>}
            {line.text}
          </div>
        ))}
        <div>
          <b>$ </b>
          <i className={classes.caret} />
        </div>
      </pre>
    </figure>
  );
}
