import type { Db } from "../../db/client.ts";
import type { AppEvents } from "../../events/app-events.ts";
import { deleteBlogsOf } from "./service.ts";
import type { MediaStorage } from "./storage.ts";
import { removeKeys } from "./uploads.ts";

type AccountDeleted = AppEvents["account.deleted"];

/** Each deletion's stored files, from its transaction to its commit (keyed by the published payload). */
const filesOf = new WeakMap<AccountDeleted, string[]>();

/** In the deleting transaction: the blogs and their rows go by cascade; the account's votes and views here. */
export async function deleteAccountBlogs(tx: Db, deleted: AccountDeleted) {
  filesOf.set(deleted, await deleteBlogsOf(tx, deleted.userId));
}

/** After the commit: the deleted blogs' stored images (a rollback keeps them). */
export function removeAccountBlogFiles(storage: MediaStorage, deleted: AccountDeleted) {
  return removeKeys(storage, filesOf.get(deleted) ?? []);
}
