import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, userRef } from "../identity/accounts/columns.ts";

/**
 * A quiz the learner answered wrong in a lesson, to be asked again on their schedule: the FSRS card's
 * memory state (ts-fsrs `Card`) and when it is due. One per learner and quiz; it goes with the account. The
 * quiz id has no foreign key (the quiz is the learning module's): a card whose quiz left the content is
 * skipped when read.
 */
export const reviewCards = pgTable(
  "review_cards",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    quizId: integer("quiz_id").notNull(),
    due: timestamp("due", { withTimezone: true }).notNull(),
    stability: doublePrecision("stability").notNull().default(0),
    difficulty: doublePrecision("difficulty").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint("state").notNull().default(0),
    lastReview: timestamp("last_review", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("review_cards_user_quiz_uq").on(t.userId, t.quizId),
    // The due list: a learner's cards by due time.
    index("review_cards_due_idx").on(t.userId, t.due),
    check("review_cards_state_check", sql`${t.state} between 0 and 3`),
  ],
);
