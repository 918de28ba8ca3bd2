import classes from "./giveaway.module.css";

/** The draw rule in words, so anyone can repeat it (docs/decisions/020). */
export function HowToVerify() {
  return (
    <section className={`nl-panel ${classes.panel}`} aria-labelledby="verify-title">
      <h2 id="verify-title" className={classes.panelTitle}>
        How to verify a draw
      </h2>
      <ol>
        <li>
          When a round opens we publish the <strong>seed hash</strong>: the SHA-256 of a secret seed. The seed can not
          change after that without the hash changing.
        </li>
        <li>
          At the end we publish the sorted list of <strong>tickets</strong> (one per entry; yours is shown when you
          enter) and the <strong>entries hash</strong>: SHA-256 of the tickets joined by line breaks.
        </li>
        <li>
          Then we reveal the seed. Check that SHA-256(seed) is the seed hash. For winner number i (0, 1, …), compute
          SHA-256 of <code>seed:entries hash:i</code>, read it as a number, take it modulo the number of tickets still
          in the draw, and that position in the sorted list wins and leaves the list.
        </li>
      </ol>
    </section>
  );
}
