import type { Mailer } from "./adapters/mail/mailer.ts";
import type { Auth } from "./auth/auth.ts";
import type { SessionResolver } from "./auth/session-resolver.ts";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { Realtime } from "./realtime/realtime.ts";

/** What every module's routes get: configuration and the app's services. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  auth: Auth;
  sessions: SessionResolver;
  realtime: Realtime;
};
