import { and, eq, gt, inArray, lte, ne, or, sql } from "drizzle-orm";
import { EDITOR_DEFAULTS, type Role } from "@neonlab/shared/constants";
import { STAFF_ROLES } from "@neonlab/shared/roles";
import { canonicalTimeZone, type UpdateProfileInput } from "@neonlab/shared/schemas/profile";
import type { Db } from "../../../db/client.ts";
import { conflict } from "../../../errors.ts";
import type { RunInTransaction } from "../../../transaction.ts";
import { users } from "../accounts/schema.ts";
import { previousUsernames, profiles } from "./schema.ts";
import { reservationEnd, reservationsSince, reservedMessage, usernameBase, usernameCandidates } from "./username.ts";

export type { ProfileRow } from "./schema.ts";

const TAKEN = "That username is taken. Try another one.";

/** A derived name reserved for another account: this candidate is undone and the next one tried. */
class Reserved extends Error {}

/**
 * The profile made at sign-up, at the first derived username that is free and not reserved for another account.
 * `timeZone`: the browser's zone sent with the sign-up; one the runtime does not know leaves the default, UTC.
 */
export async function createProfile(
  transaction: RunInTransaction,
  user: { id: string; name: string; email: string },
  { timeZone }: { timeZone?: unknown } = {},
) {
  const zone = canonicalTimeZone(timeZone);
  const base = usernameBase(user.name, user.email);
  for (const username of usernameCandidates(base)) {
    const done = await transaction(async ({ db: tx }) => {
      const inserted = await tx
        .insert(profiles)
        .values({
          id: user.id,
          displayName: user.name,
          username,
          editorPreferences: { ...EDITOR_DEFAULTS },
          ...(zone ? { timeZone: zone } : {}),
        })
        .onConflictDoNothing()
        .returning({ id: profiles.id });
      if (inserted.length === 0) {
        const existing = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, user.id));
        return existing.length > 0;
      }
      // Asked after the insert: a change away from this name commits its history row with it.
      if (await reservedUntil(tx, username, user.id)) throw new Reserved();
      return true;
    }).catch((error: unknown) => {
      if (error instanceof Reserved) return false;
      throw error;
    });
    if (done) return;
  }
}

const emptyToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === "" ? null : v);

/**
 * Writes the given fields (role and access are never among them) in one transaction; 409 when the username is
 * taken, or reserved for the account that had it before (a refused change writes nothing).
 */
export async function updateProfile(
  transaction: RunInTransaction,
  userId: string,
  input: UpdateProfileInput,
): Promise<void> {
  const values = {
    displayName: input.display_name,
    username: input.username,
    bio: emptyToNull(input.bio),
    skills: input.skills,
    location: emptyToNull(input.location),
    workPlace: emptyToNull(input.work_place),
    githubLink: emptyToNull(input.github_link),
    twitterLink: emptyToNull(input.twitter_link),
    linkedinLink: emptyToNull(input.linkedin_link),
    youtubeLink: emptyToNull(input.youtube_link),
    patreonLink: emptyToNull(input.patreon_link),
    buyMeACoffeLink: emptyToNull(input.buy_me_a_coffe_link),
    avatar: input.avatar,
    notifications: input.notifications,
    editorPreferences: input.editor_preferences,
    timeZone: input.time_zone,
  };
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length === 0) return;
  await transaction(async ({ db: tx }) => {
    if (input.username) {
      const taken = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.username, input.username), ne(profiles.id, userId)));
      if (taken.length > 0) throw conflict(TAKEN);
      await rememberUsername(tx, userId, input.username);
    }
    try {
      await tx
        .update(profiles)
        .set({ ...defined, updatedAt: new Date() })
        .where(eq(profiles.id, userId));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(TAKEN);
      throw error;
    }
    if (input.username) {
      // Asked after the update: it waited for any change away from this name, whose history row commits with it.
      const until = await reservedUntil(tx, input.username, userId);
      if (until) throw conflict(reservedMessage(until));
    }
    if (input.display_name) await tx.update(users).set({ name: input.display_name }).where(eq(users.id, userId));
  });
}

/** When the reservation of `username` for another account (one that changed away from it) ends; null: none. */
async function reservedUntil(db: Db, username: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ changedAt: previousUsernames.changedAt })
    .from(previousUsernames)
    .where(
      and(
        eq(previousUsernames.username, username),
        ne(previousUsernames.userId, userId),
        gt(previousUsernames.changedAt, reservationsSince()),
      ),
    );
  return row ? reservationEnd(row.changedAt) : null;
}

/**
 * Keeps the username the user had before `next`, so links to it keep working (redirects) and nobody else
 * takes it while its reservation lasts.
 */
async function rememberUsername(db: Db, userId: string, next: string) {
  const [row] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, userId));
  if (!row || row.username === next) return;
  await db
    .insert(previousUsernames)
    .values({ username: row.username, userId, changedAt: new Date() })
    .onConflictDoUpdate({ target: previousUsernames.username, set: { userId, changedAt: new Date() } });
  // Taking one of one's own old names back makes it current again; a name whose reservation ended is the new
  // holder's, so its old links name them now.
  await db
    .delete(previousUsernames)
    .where(
      and(
        eq(previousUsernames.username, next),
        or(eq(previousUsernames.userId, userId), lte(previousUsernames.changedAt, reservationsSince())),
      ),
    );
}

/**
 * The user a username names: while it is reserved (changed away from in the last USERNAME_RESERVED_DAYS), the
 * one who had it; else the one who has it now, or the one who had it last. `username` in the answer is always
 * the current one, so callers redirect when it differs.
 */
export async function findUserByUsername(db: Db, username: string) {
  const card = {
    id: profiles.id,
    username: profiles.username,
    display_name: profiles.displayName,
    avatar: profiles.avatar,
  };
  const [previous] = await db
    .select({ card, changedAt: previousUsernames.changedAt })
    .from(previousUsernames)
    .innerJoin(profiles, eq(profiles.id, previousUsernames.userId))
    .where(eq(previousUsernames.username, username));
  if (previous && previous.changedAt > reservationsSince()) return previous.card;
  const [current] = await db.select(card).from(profiles).where(eq(profiles.username, username));
  return current ?? previous?.card ?? null;
}

export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

// ---------------------------------------------------------------- profile fields other modules use

export type AccessColumns = {
  role: string;
  accessGranted: boolean;
  paidAccess: boolean;
  paidAccessUntil: Date | null;
};

/** The profile columns hasAccess reads (for other modules' selects). */
export const accessColumns = {
  role: profiles.role,
  accessGranted: profiles.accessGranted,
  paidAccess: profiles.paidAccess,
  paidAccessUntil: profiles.paidAccessUntil,
};

/**
 * has_access: admins, users granted access by an admin, and users whose subscription pays for it
 * (active or trialing; after cancelling, until the period ends).
 */
export function hasAccess(row: AccessColumns, now = new Date()): boolean {
  if (row.role === "admin" || row.accessGranted) return true;
  return row.paidAccess && (row.paidAccessUntil === null || row.paidAccessUntil > now);
}

export async function userHasAccess(db: Db, userId: string | null | undefined): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db.select(accessColumns).from(profiles).where(eq(profiles.id, userId));
  return row ? hasAccess(row) : false;
}

/** The staff (moderators and admins): who hears of a blog waiting for review. */
export async function staffIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(inArray(profiles.role, [...STAFF_ROLES]));
  return rows.map((r) => r.id);
}

/** Paid access as the user's subscriptions give it: only the payments module calls this, in the event's transaction. */
export async function setPaidAccess(tx: Db, userId: string, access: { paid: boolean; until: Date | null }) {
  await tx
    .update(profiles)
    .set({ paidAccess: access.paid, paidAccessUntil: access.paid ? access.until : null })
    .where(eq(profiles.id, userId));
}

/** The words that name an account (its e-mail, name and username: a new password must not be made of them). */
export async function accountNames(
  db: Db,
  userId: string,
): Promise<{ email: string; name: string; username: string | null } | undefined> {
  const [row] = await db
    .select({ email: users.email, name: users.name, username: profiles.username })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function profileExists(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  return rows.length > 0;
}

/**
 * For other modules' one-statement reads that join profiles (the rank boards, the profile view):
 * the table to join on `id`, and the columns a rank row shows. Writes go through the functions above.
 */
export const profileRows = {
  table: profiles,
  card: {
    userId: profiles.id,
    username: profiles.username,
    displayName: profiles.displayName,
    avatar: profiles.avatar,
  },
};

/**
 * Grants or revokes the admin-given access of the account with this e-mail (product rules): has_access
 * is read from the profile on each request, so it takes effect without signing in again. Null when
 * there is no such account.
 */
export async function setAccessGranted(db: Db, email: string, granted: boolean) {
  const [row] = await db
    .update(profiles)
    .set({ accessGranted: granted })
    .where(eq(profiles.id, sql`(select ${users.id} from ${users} where lower(${users.email}) = lower(${email}))`))
    .returning({ username: profiles.username, ...accessColumns });
  return row
    ? { username: row.username, role: row.role, accessGranted: row.accessGranted, hasAccess: hasAccess(row) }
    : null;
}

export type RoleChange =
  | { ok: true; id: string; email: string; username: string; role: Role; previous: Role }
  | { ok: false; reason: "no-account" | "last-admin" };

/**
 * Sets the role of the account with this e-mail (the admin page's route and `npm run admin -- set-role`).
 * No change may leave the app without an admin (docs/decisions/031): the admins' rows are locked first, so two
 * admins demoting each other at once can not both succeed. The caller forgets the user's cached sessions.
 */
export async function setRole(transaction: RunInTransaction, email: string, role: Role): Promise<RoleChange> {
  return transaction(async ({ db: tx }) => {
    // Admins first, in id order (the same order in every change: no deadlock), then the target.
    const admins = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.role, "admin"))
      .orderBy(profiles.id)
      .for("update");
    const [found] = await tx
      .select({ id: users.id, email: users.email, username: profiles.username, role: profiles.role })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(sql`lower(${users.email}) = lower(${email})`)
      .for("update", { of: profiles });
    if (!found) return { ok: false as const, reason: "no-account" as const };
    if (found.role === "admin" && role !== "admin" && admins.every((a) => a.id === found.id)) {
      return { ok: false as const, reason: "last-admin" as const };
    }
    if (found.role !== role) {
      await tx.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.id, found.id));
    }
    return {
      ok: true as const,
      id: found.id,
      email: found.email,
      username: found.username,
      role,
      previous: found.role,
    };
  });
}

/** What an operator or admin reads when a role change is refused. */
export const ROLE_CHANGE_REFUSED: Record<"no-account" | "last-admin", (email: string) => string> = {
  "no-account": (email) => `No account has the e-mail ${email}.`,
  "last-admin": (email) =>
    `${email} is the only admin: make another account admin first, so NeonLab is never left without one.`,
};
