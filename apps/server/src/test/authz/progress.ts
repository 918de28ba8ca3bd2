import { expect } from "vitest";
import {
  type Actor,
  allOwnedBy,
  EXPECT,
  type Json,
  jsonOf,
  listOf,
  type MatrixContext,
  me,
  mustBeMe,
  type RouteEntry,
} from "./types.ts";
import { setBalance } from "../../modules/wallet/ledger/test-helpers.ts";
import { streaks } from "../../modules/progress/schema.ts";
import { getStreak } from "../../modules/progress/streak-service.ts";

const { all, signedIn } = EXPECT;

/** Puts the caller's streak in a state (last completion `daysAgo` days ago), as if days had passed. */
async function setStreak(
  ctx: MatrixContext,
  actor: Actor,
  state: { daysAgo: number; freezeOn: boolean; freezes?: number },
): Promise<void> {
  const user = me(ctx, actor);
  if (!user) return;
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const row = {
    count: 3,
    lastUpdated: day(state.daysAgo),
    freezeOn: state.freezeOn,
    frozenAt: state.freezeOn ? day(0) : null,
  };
  const db = ctx.app.ctx.db;
  await db
    .insert(streaks)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: streaks.userId, set: row });
  if (state.freezes !== undefined) await setBalance(ctx.app.ctx.transaction, user.id, "streak_freeze", state.freezes);
}

/** Authorization matrix rows of the progress module (test/authz-matrix.ts). */
export const PROGRESS_ROUTES: RouteEntry[] = [
  // ------------------------------------------------ learning: own progress and streak
  {
    method: "GET",
    url: "/api/users/streak",
    access: "user",
    cases: [
      {
        name: "own streak",
        request: () => ({ method: "GET", url: "/api/users/streak" }),
        expect: signedIn(200),
        check: async (ctx, actor, res) => {
          expect(res.json()).toEqual(await getStreak(ctx.app.ctx.transaction, mustBeMe(ctx, actor).id));
        },
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/users/freeze-streak",
    access: "user",
    note: "Everyone has an active streak; only B owns no freeze, so B can not spend anyone else's.",
    cases: [
      {
        name: "put a freeze on",
        setup: (ctx, actor) =>
          setStreak(ctx, actor, { daysAgo: 0, freezeOn: false, freezes: actor === "userB" ? 0 : 1 }),
        request: () => ({ method: "PATCH", url: "/api/users/freeze-streak" }),
        expect: { ...signedIn(200), userB: 409 },
        check: (_ctx, _actor, res) => expect(jsonOf(res).freeze).toMatchObject({ on: true, inventory: 0 }),
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/users/unfreeze-streak",
    access: "user",
    note: "Only B has no freeze on the streak.",
    cases: [
      {
        name: "take the freeze back",
        setup: (ctx, actor) => setStreak(ctx, actor, { daysAgo: 0, freezeOn: actor !== "userB", freezes: 0 }),
        request: () => ({ method: "PATCH", url: "/api/users/unfreeze-streak" }),
        expect: { ...signedIn(200), userB: 409 },
        check: (_ctx, _actor, res) => expect(jsonOf(res).freeze).toMatchObject({ on: false, inventory: 1 }),
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/users/save-streak",
    access: "user",
    note: "Only the moderator's streak is broken: the others' streaks and NeonBits are never touched.",
    cases: [
      {
        name: "reset a broken streak",
        setup: (ctx, actor) => setStreak(ctx, actor, { daysAgo: actor === "moderator" ? 2 : 0, freezeOn: false }),
        request: () => ({ method: "PATCH", url: "/api/users/save-streak?save=false" }),
        expect: { ...signedIn(409), moderator: 200 },
        check: (_ctx, _actor, res) => expect(jsonOf(res)).toMatchObject({ count: 0, neonbits_spent: 0 }),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/users/activities",
    access: "optional",
    note: "A user's last activities are public (shown on their profile); without userId, the caller's own.",
    cases: [
      {
        name: "own (no userId)",
        request: () => ({ method: "GET", url: "/api/users/activities" }),
        expect: { ...all(200), anonymous: 400 },
        check: (ctx, actor, res) => allOwnedBy(listOf(res), mustBeMe(ctx, actor).id),
      },
      {
        name: "user A's, by userId",
        request: (ctx) => ({ method: "GET", url: `/api/users/activities?userId=${ctx.users.userA.id}` }),
        expect: all(200),
        check: (ctx, _actor, res) => {
          const rows = listOf(res);
          expect(rows.length).toBeGreaterThan(0);
          allOwnedBy(rows, ctx.users.userA.id);
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/rank",
    access: "optional",
    cases: [
      {
        name: "the rank with the caller's row",
        request: () => ({ method: "GET", url: "/api/rank" }),
        expect: all(200),
        check: (ctx, actor, res) => {
          const mine = jsonOf(res).me as Json | null;
          expect(mine?.user_id ?? null).toBe(me(ctx, actor)?.id ?? null);
        },
      },
    ],
  },
];
