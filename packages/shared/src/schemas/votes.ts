import { z } from "zod";

// Votes (product rules "Community"): 1–5 stars on a course or a project, up or down on a blog; one per
// user per item, changeable.

export const VOTE_ITEM_KINDS = ["course", "project", "blog"] as const;
export type VoteItemKind = (typeof VOTE_ITEM_KINDS)[number];

export const MIN_STARS = 1;
export const MAX_STARS = 5;

/** `?stars=` of the course and project vote calls: a whole number from 1 to 5. */
export const starsQuerySchema = z.object({
  stars: z.coerce
    .number({ error: "Give the stars as a number from 1 to 5." })
    .int({ error: "Give a whole number of stars, from 1 to 5." })
    .min(MIN_STARS, { error: "Give at least 1 star." })
    .max(MAX_STARS, { error: "Give at most 5 stars." }),
});

/** An item's stars: the average (null before the first vote), how many voted, and the caller's own. */
export const starRatingSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  /** The caller's stars; null when signed out or not voted. */
  mine: z.number().int().nullable(),
});
export type StarRating = z.infer<typeof starRatingSchema>;
