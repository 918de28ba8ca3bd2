import { guarded } from "../../../components/dialogs/open-dialogs.tsx";
import { openDialog } from "../../../components/dialogs/open-dialog.tsx";
import type { ShareBlogInput } from "../components/share-blog-dialog.tsx";

/** Opens the share dialog of a blog (its code loads on demand); a failure to show it is said in a toast. */
export async function openShareBlogDialog(input: ShareBlogInput): Promise<void> {
  await guarded("share blog", async () => {
    const { ShareBlogDialog } = await import("../components/share-blog-dialog.tsx");
    await openDialog({
      name: "share-blog",
      width: 350,
      title: "Share this blog",
      render: () => <ShareBlogDialog {...input} />,
    });
  });
}
