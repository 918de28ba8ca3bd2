import { expect } from "vitest";
import { type Actor, EXPECT, jsonOf, type MatrixContext, type RouteEntry } from "./types.ts";
import { reportApp, reportLesson } from "../../modules/reports/service.ts";

const { signedIn, moderatorOnly } = EXPECT;

const input = { cause: "other", description: "The matrix found something odd here." };

/** A report sent by user B (moderators act on other people's reports). */
const reportOfB = async (ctx: MatrixContext, kind: "app" | "lesson") =>
  kind === "app"
    ? reportApp(ctx.app.ctx.db, ctx.users.userB.id, { cause: "bug", description: input.description })
    : reportLesson(ctx.app.ctx.db, ctx.users.userB.id, ctx.learning.lessonId, input);

const noReporterForOthers = (actor: Actor, res: { json: () => unknown }) => {
  if (actor === "moderator" || actor === "admin") expect(jsonOf(res)).toHaveProperty("items");
};

/** Authorization matrix rows of the reports module (test/authz-matrix.ts). */
export const REPORT_ROUTES: RouteEntry[] = [
  {
    method: "POST",
    url: "/api/users/reports",
    access: "user",
    cases: [
      {
        name: "report a problem with the app",
        request: () => ({
          method: "POST",
          url: "/api/users/reports",
          payload: { cause: "bug", description: input.description },
        }),
        expect: signedIn(201),
        check: (_ctx, _actor, res) =>
          expect(jsonOf(res)).toMatchObject({ kind: "app", status: "open", reporter: null }),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/lessons/:id/reports",
    access: "user",
    cases: [
      {
        name: "report a problem with the free lesson",
        request: (ctx) => ({ method: "POST", url: `/api/lessons/${ctx.learning.lessonId}/reports`, payload: input }),
        expect: signedIn(201),
        check: (ctx, _actor, res) =>
          expect(jsonOf(res)).toMatchObject({ kind: "lesson", lesson: { id: ctx.learning.lessonId } }),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/users/my-reports",
    access: "user",
    cases: [
      {
        name: "own reports only",
        request: () => ({ method: "GET", url: "/api/users/my-reports" }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          if (actor === "userA") return;
          // Only user B sends reports in other rows' setup; nobody else sees them here.
          const mine = res.json() as { id: number }[];
          if (actor !== "userB") expect(mine.every((r) => typeof r.id === "number")).toBe(true);
          void ctx;
        },
      },
    ],
  },
  ...(["app", "lesson"] as const).flatMap((kind): RouteEntry[] => {
    const base = kind === "app" ? "/api/users/reports" : "/api/lessons/reports";
    return [
      {
        method: "GET",
        url: base,
        access: "moderator",
        cases: [
          {
            name: `the ${kind} reports queue`,
            request: () => ({ method: "GET", url: `${base}?status=open` }),
            expect: moderatorOnly(200),
            check: (_ctx, actor, res) => noReporterForOthers(actor, res),
          },
        ],
      },
      {
        method: "PATCH",
        url: `${base}/:id/status`,
        access: "moderator",
        cases: [
          {
            name: `put user B's ${kind} report in review`,
            setup: (ctx) => reportOfB(ctx, kind),
            request: (_ctx, _actor, report: { id: number }) => ({
              method: "PATCH",
              url: `${base}/${report.id}/status?status=in_review`,
            }),
            expect: moderatorOnly(200),
          },
        ],
      },
    ];
  }),
];
