import type { ModuleManifest } from "../../app/module-manifest.ts";
import { deleteAccountBlogs, removeAccountBlogFiles } from "./account-deletion.ts";
import { blogRoutes } from "./routes.ts";
import { mediaStorage } from "./storage.ts";
import { blogsExportSection } from "./export-section.ts";

export const manifest: ModuleManifest = {
  name: "blogs",
  routes: { blogs: blogRoutes },
  exportSections: [blogsExportSection],
  subscriptions: [
    { event: "account.deleted", phase: "inTransaction", handler: (deleted, tx) => deleteAccountBlogs(tx, deleted) },
    {
      event: "account.deleted",
      phase: "afterCommit",
      handler: (deleted, ctx) => removeAccountBlogFiles(mediaStorage(ctx.config), deleted),
    },
  ],
};
