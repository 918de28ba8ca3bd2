// The statement the app runs for the L3 read (public profile by username, with its streak row), taken from
// the app's own prepared query so the L2 floor runs exactly the same SQL under the same statement name.
import { createDatabase } from "../apps/server/src/db/client.ts";
import { publicProfileSql } from "../apps/server/src/modules/progress/profile-view/service.ts";

// A pool that is never used: building the query needs a dialect, not a connection.
const unused = createDatabase({ url: "postgres://unused@127.0.0.1:1/unused" });
export const L3_SQL = publicProfileSql(unused.db).sql;
export const L3_STATEMENT = "public_profile_by_username";
await unused.close();
