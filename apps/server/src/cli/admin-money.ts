import { z } from "zod";
import { emailSchema } from "@neonlab/shared/schemas/auth";
import { createGiveawaySchema, GIVEAWAY_LIMITS } from "@neonlab/shared/schemas/giveaway";
import type { Database, Db } from "../db/client.ts";
import { createEventBus } from "../events/event-bus.ts";
import { createJobQueue } from "../jobs/job-queue.ts";
import { createRound } from "../modules/shop/giveaway/service.ts";
import { setAccessGranted } from "../modules/identity/profiles/service.ts";
import { createTransactionRunner } from "../transaction.ts";

// The admin CLI's commands for admin-given access and giveaway rounds (docs/decisions/020).

export class MoneyCliError extends Error {}

export const MONEY_USAGE = `  grant-access --email <e-mail>
  revoke-access --email <e-mail>
      Grants or revokes admin-given access (has_access) of an account; takes effect on its next request.
  create-giveaway --title <title> --prize <n> --ends <ISO date-time> [--winners <n>] [--starts <ISO date-time>] [--repeat-days <n>]
      Creates a giveaway round: its seed's hash is published now, its draw is queued for the end.
      --title: ${GIVEAWAY_LIMITS.titleMin} to ${GIVEAWAY_LIMITS.titleMax} characters.
      --prize: the NeonBits each winner receives, a whole number from 1 to ${GIVEAWAY_LIMITS.prizeMax} (digits only).
      --winners: 1 to ${GIVEAWAY_LIMITS.winnersMax} (default 1).
      --ends, --starts: with a time zone, e.g. 2026-12-31T18:00:00Z; --starts defaults to now; at most ${GIVEAWAY_LIMITS.days} days apart.
      --repeat-days: 1 to ${GIVEAWAY_LIMITS.repeatDaysMax}; when this round is drawn, the next one opens for that many days.`;

function check<T>(schema: z.ZodType<T>, value: unknown, label: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new MoneyCliError(`${label}: ${parsed.error.issues[0]?.message ?? "invalid value"}`);
}

/** grant-access / revoke-access --email. */
export async function accessCommand(db: Db, input: { email?: string }, granted: boolean): Promise<string> {
  const email = check(emailSchema, input.email, "--email");
  const row = await setAccessGranted(db, email, granted);
  if (!row) throw new MoneyCliError(`No account has the e-mail ${email}.`);
  return granted
    ? `${email}: access granted (has_access ${row.hasAccess}).`
    : `${email}: admin-given access revoked (has_access ${row.hasAccess}${row.hasAccess ? ", still an admin" : ""}).`;
}

const numberText = (label: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${label} must be a whole number`)
    .transform(Number)
    .optional();

/** create-giveaway: the round and its draw job, in one transaction (pg-boss in the same database). */
export async function createGiveawayCommand(
  database: Database,
  input: { title?: string; prize?: string; winners?: string; ends?: string; starts?: string; "repeat-days"?: string },
): Promise<string> {
  const prize = check(numberText("--prize"), input.prize, "--prize");
  const winners = check(numberText("--winners"), input.winners, "--winners") ?? 1;
  const repeatDays = check(numberText("--repeat-days"), input["repeat-days"], "--repeat-days");
  const round = check(
    createGiveawaySchema,
    { title: input.title, prize, winners, endsAt: input.ends, startsAt: input.starts, repeatDays },
    "giveaway",
  );
  if (Date.parse(round.endsAt) <= Date.now()) throw new MoneyCliError("--ends must be in the future.");
  const log = { warn: () => undefined, error: (...args: unknown[]) => console.error(...args) };
  const jobs = createJobQueue({ database, log });
  await jobs.start();
  try {
    const transaction = createTransactionRunner(database.db, createEventBus(log as never), jobs);
    const created = await transaction((tx) => createRound(tx, null, round));
    return `Created giveaway round ${created.id} "${created.title}": ${created.winners} × ${created.prize} NeonBits, ${created.startsAt} → ${created.endsAt}; seed hash ${created.seedHash}.`;
  } finally {
    await jobs.stop();
  }
}
