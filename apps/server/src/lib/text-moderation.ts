import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";
import { badRequest } from "../errors.ts";

/**
 * One text-moderation check for what users write that others read (report descriptions, invite addresses;
 * later blog titles): `obscenity`'s English list, which catches disguised spellings (l33t, repeated and
 * inserted characters) and whitelists words that merely contain a bad one (Scunthorpe, assassin, cocktail…).
 * English only; it catches words, not meaning (docs/decisions/031).
 */
const english = englishDataset.build();

/** Harmless words the list would refuse because they contain a listed one (found by text-moderation.test.ts). */
const ALSO_ALLOWED = ["penistone", "cockpit", "cockpits", "shiitake"];

const matcher = new RegExpMatcher({
  ...english,
  whitelistedTerms: [...(english.whitelistedTerms ?? []), ...ALSO_ALLOWED],
  ...englishRecommendedTransformers,
});

/** What a refused text is told (the field is named; the word is not repeated back). */
export const textRefusedMessage = (label: string) =>
  `${label} contains words NeonLab does not allow. Please rephrase it and try again.`;

/** True when `text` has no word the list refuses. */
export function isCleanText(text: string): boolean {
  return !matcher.hasMatch(text);
}

/** Throws 400 naming the first field (by its label) whose text is refused; changes nothing otherwise. */
export function assertCleanText(fields: Record<string, string | null | undefined>): void {
  for (const [label, text] of Object.entries(fields)) {
    if (text && !isCleanText(text)) throw badRequest(textRefusedMessage(label));
  }
}

/**
 * The same check for an e-mail address, on its letters only (digits and signs split words): random-looking
 * parts like `a55d9d72` or `fa648b23` would otherwise read as disguised words (1 address in ~700 of 8 random
 * hex digits did), while a listed word spelt out in the address is still refused.
 */
export function assertCleanAddress(label: string, address: string): void {
  assertCleanText({ [label]: address.replace(/[^a-z]+/gi, " ") });
}
