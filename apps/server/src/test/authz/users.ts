import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { ACTORS, EXPECT, me, mustBeMe, type RouteEntry } from "./types.ts";
import { users } from "../../modules/accounts/schema.ts";

const { all, signedIn } = EXPECT;

/** Authorization matrix rows of the users module (test/authz-matrix.ts). */
export const USER_ROUTES: RouteEntry[] = [
  // ------------------------------------------------ users
  {
    method: "DELETE",
    url: "/api/users",
    access: "user",
    cases: [
      {
        name: "delete own account",
        request: () => ({ method: "DELETE", url: "/api/users" }),
        expect: signedIn(200),
        destructive: true,
        check: async (ctx, actor) => {
          const user = mustBeMe(ctx, actor);
          const rows = await ctx.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
          expect(rows).toEqual([]);
          const after = await ctx.app.inject({ method: "GET", url: "/api/profile", headers: user.headers });
          expect(after.statusCode).toBe(401);
        },
      },
    ],
  },
  {
    method: "POST",
    url: "/api/users/contact",
    access: "optional",
    note: "Limited to 5 a minute per IP: each actor calls from its own address; a second case here would get 429.",
    cases: [
      {
        name: "a message to the operator",
        request: (ctx, actor) => ({
          method: "POST",
          url: "/api/users/contact",
          remoteAddress: `127.0.0.${ACTORS.indexOf(actor) + 10}`,
          payload: {
            name: `Caller ${actor}`,
            email: me(ctx, actor)?.email ?? "visitor@example.test",
            subject: "Authorization matrix",
            message: "A message sent by the authorization matrix test.",
          },
        }),
        expect: all(200),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/client-errors",
    access: "optional",
    cases: [
      {
        name: "an error report",
        request: (_ctx, actor) => ({
          method: "POST",
          url: "/api/client-errors",
          payload: { message: `boom from ${actor}` },
        }),
        expect: all(202),
      },
    ],
  },
];
