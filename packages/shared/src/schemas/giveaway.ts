import { z } from "zod";
import { emailSchema } from "./auth.ts";
import { isoDateTime, noControlCharacters } from "./common.ts";

// Request and response shapes of the NeonBits giveaway (docs/decisions/020).

export const giveawayWinnerSchema = z.object({
  position: z.number().int(),
  ticket: z.string(),
  /** Null once the winner deleted their account. */
  username: z.string().nullable(),
  displayName: z.string().nullable(),
});

export const giveawayRoundSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** NeonBits each winner receives. */
  prize: z.number().int(),
  winners: z.number().int(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  repeatDays: z.number().int().nullable(),
  /** SHA-256 of the secret seed, published when the round is created. */
  seedHash: z.string(),
  entryCount: z.number().int(),
  drawnAt: isoDateTime.nullable(),
  /** Revealed at the draw, with the entries' hash. */
  seed: z.string().nullable(),
  entriesHash: z.string().nullable(),
  winnerList: z.array(giveawayWinnerSchema),
});
export type GiveawayRound = z.infer<typeof giveawayRoundSchema>;

/** GET /api/giveaway: the round open now (or the next one) and the caller's entry in it. */
export const giveawayStateSchema = z.object({
  current: giveawayRoundSchema.nullable(),
  /** The caller's ticket in the current round; null when not entered or signed out. */
  entry: z.object({ ticket: z.string(), enteredAt: isoDateTime }).nullable(),
  serverTime: isoDateTime,
});
export type GiveawayState = z.infer<typeof giveawayStateSchema>;

/** GET /api/giveaway/rounds: drawn rounds, newest first; keyset pages with before=<previous next>. */
export const giveawayRoundsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be at least 1").max(50, "limit must be at most 50").default(10),
  before: z.coerce
    .number({ error: "before must be the next value of a previous page" })
    .int("before must be the next value of a previous page")
    .min(1, "before must be the next value of a previous page")
    .max(2_147_483_647, "before must be the next value of a previous page")
    .optional(),
});
export const giveawayRoundsPageSchema = z.object({
  rounds: z.array(giveawayRoundSchema),
  next: z.number().int().nullable(),
});
export type GiveawayRoundsPage = z.infer<typeof giveawayRoundsPageSchema>;

const afterMessage = "after must be the next value of a previous page";
/** GET /api/giveaway/rounds/:id/tickets: keyset pages of the sorted tickets, after=<previous page's next>. */
export const giveawayTicketsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(1000, "limit must be at most 1000")
    .default(100),
  after: z
    .string()
    .regex(/^[0-9A-Za-z_-]{1,64}$/, afterMessage)
    .optional(),
});
export type GiveawayTicketsQuery = z.input<typeof giveawayTicketsQuerySchema>;

export const giveawayTicketsSchema = z.object({
  roundId: z.number().int(),
  entriesHash: z.string().nullable(),
  /** A page of the round's tickets, sorted (byte order): all pages together are the list the entries' hash is made of. */
  tickets: z.array(z.string()),
  /** `after` for the next page; null on the last page. */
  next: z.string().nullable(),
});
export type GiveawayTicketsPage = z.infer<typeof giveawayTicketsSchema>;

export const roundIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: "The round id must be a number" })
    .int("The round id must be a whole number")
    .min(1, "The round id must be a positive number")
    .max(2_147_483_647, "The round id is too large"),
});

const DAY = 86_400_000;
/** The bounds of a new round (the admin CLI's help states them). */
export const GIVEAWAY_LIMITS = {
  titleMin: 3,
  titleMax: 80,
  prizeMax: 100_000,
  winnersMax: 100,
  repeatDaysMax: 90,
  days: 365,
};
/** POST /api/admin/giveaways: a new round (admins). */
export const createGiveawaySchema = z
  .object({
    title: z
      .string({ error: "title must be text" })
      .trim()
      .check(noControlCharacters("title"))
      .min(GIVEAWAY_LIMITS.titleMin, `title must be at least ${GIVEAWAY_LIMITS.titleMin} characters`)
      .max(GIVEAWAY_LIMITS.titleMax, `title must be at most ${GIVEAWAY_LIMITS.titleMax} characters`),
    prize: z
      .number({ error: "prize must be a number of NeonBits" })
      .int("prize must be a whole number of NeonBits")
      .min(1, "prize must be at least 1 NeonBit")
      .max(
        GIVEAWAY_LIMITS.prizeMax,
        `prize must be at most ${GIVEAWAY_LIMITS.prizeMax.toLocaleString("en-US")} NeonBits`,
      ),
    winners: z
      .number({ error: "winners must be a number" })
      .int("winners must be a whole number")
      .min(1, "winners must be at least 1")
      .max(GIVEAWAY_LIMITS.winnersMax, `winners must be at most ${GIVEAWAY_LIMITS.winnersMax}`),
    /** Defaults to now. */
    startsAt: z.iso.datetime({ offset: true, error: "startsAt must be an ISO date and time" }).optional(),
    endsAt: z.iso.datetime({ offset: true, error: "endsAt must be an ISO date and time" }),
    /** Open the next round of this many days when this one is drawn. */
    repeatDays: z
      .number({ error: "repeatDays must be a number of days" })
      .int("repeatDays must be a whole number of days")
      .min(1, "repeatDays must be at least 1")
      .max(GIVEAWAY_LIMITS.repeatDaysMax, `repeatDays must be at most ${GIVEAWAY_LIMITS.repeatDaysMax}`)
      .nullable()
      .optional(),
  })
  .superRefine((value, ctx) => {
    const start = value.startsAt ? Date.parse(value.startsAt) : Date.now();
    const end = Date.parse(value.endsAt);
    if (!(end > start)) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "endsAt must be after startsAt" });
    else if (end - start > GIVEAWAY_LIMITS.days * DAY)
      ctx.addIssue({
        code: "custom",
        path: ["endsAt"],
        message: `A round can last at most ${GIVEAWAY_LIMITS.days} days`,
      });
  });
export type CreateGiveaway = z.infer<typeof createGiveawaySchema>;

/** POST /api/admin/users/access: grant or revoke has_access (admins; product rules). */
export const userAccessSchema = z.object({
  email: emailSchema,
  hasAccess: z.boolean({ error: "hasAccess must be true or false" }),
});
export const userAccessResultSchema = z.object({
  email: z.string(),
  username: z.string(),
  accessGranted: z.boolean(),
  hasAccess: z.boolean(),
  message: z.string(),
});
