import { manifest as blogs } from "../modules/blogs/manifest.ts";
import { manifest as classrooms } from "../modules/classrooms/manifest.ts";
import { manifest as connections } from "../modules/connections/manifest.ts";
import { manifest as hacks } from "../modules/hacks/manifest.ts";
import { manifest as identity } from "../modules/identity/manifest.ts";
import { manifest as learning } from "../modules/learning/manifest.ts";
import { manifest as notifications } from "../modules/notifications/manifest.ts";
import { manifest as payments } from "../modules/payments/manifest.ts";
import { manifest as platform } from "../modules/platform/manifest.ts";
import { manifest as progress } from "../modules/progress/manifest.ts";
import { manifest as projects } from "../modules/projects/manifest.ts";
import { manifest as reports } from "../modules/reports/manifest.ts";
import { manifest as review } from "../modules/review/manifest.ts";
import { manifest as shop } from "../modules/shop/manifest.ts";
import { manifest as tutor } from "../modules/tutor/manifest.ts";
import { manifest as wallet } from "../modules/wallet/manifest.ts";
import type { ModuleManifest } from "./module-manifest.ts";

/** What the app itself wires beside its modules: mail leaves through a job; sessions and sockets end with an account. */
const core: ModuleManifest = {
  name: "core",
  subscriptions: [
    {
      event: "account.deleted",
      phase: "afterCommit",
      handler: ({ userId }, ctx) => {
        ctx.sessions.forgetUser(userId);
        ctx.realtime.disconnectUser(userId);
      },
    },
  ],
  jobs: [{ name: "send-mail", handler: (mail, ctx) => ctx.mailer.send(mail) }],
};

/**
 * Every module of the app (or part of one: ModuleParts), in the order app.ts registers them: their routes (and so
 * the OpenAPI document's order), and the order in which the handlers of one event run. The whole wiring reads from here: what an
 * event starts (e.g. account.deleted), which jobs have workers, which timers run.
 */
export const MODULES: readonly ModuleManifest[] = [
  core,
  platform.system,
  progress.profileView,
  identity.users,
  learning,
  progress.progress,
  review,
  reports,
  connections.connections,
  notifications,
  shop.shop,
  wallet,
  shop.giveaway,
  identity.access,
  payments,
  platform.admin,
  identity.dataExport,
  tutor,
  connections.referrals,
  blogs,
  hacks,
  projects,
  classrooms,
  platform.dev,
];
