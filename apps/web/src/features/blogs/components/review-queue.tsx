import { Anchor, Button, Group, Pagination, Skeleton, Stack, Text } from "@mantine/core";
import { BLOGS_PAGE_SIZE } from "@neonlab/shared/schemas/blog-constants";
import type { BlogEdit, BlogSummary } from "@neonlab/shared/schemas/blogs";
import { IconCheck, IconChevronDown, IconChevronUp, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { openDialog } from "../../../components/dialogs/open-dialog.tsx";
import { api, errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useBlogAction, usePendingBlogs } from "../api/blogs.ts";
import { BlogBody } from "./blog-body.tsx";
import { blogDate } from "./blog-meta.tsx";
import classes from "./blogs.module.css";
import { RejectDialog } from "./reject-dialog.tsx";
import { queryKeys } from "../../../lib/query-keys.ts";
import { REVIEW_QUEUE_ID } from "../../../lib/review-queue.ts";

/** The text of a blog under review, read on demand (GET blogs/{id}/edit lets moderators read). */
function ReviewText({ id }: { id: number }) {
  const blog = useQuery({
    queryKey: queryKeys.blogs.edit(id),
    queryFn: ({ signal }) => api<BlogEdit>(`blogs/${id}/edit`, { signal }),
  });
  if (blog.isPending) return <Skeleton height={160} />;
  if (blog.isError) return <Text role="alert">{errorMessage(blog.error)}</Text>;
  return (
    <div className={classes.reviewText}>
      {blog.data.cover && (
        <img className={classes.reviewCover} src={blog.data.cover.src} srcSet={blog.data.cover.srcset} alt="" />
      )}
      <BlogBody html={blog.data.contentHtml} />
    </div>
  );
}

function ReviewItem({ blog }: { blog: BlogSummary }) {
  const [open, setOpen] = useState(false);
  const action = useBlogAction();
  // Told through the promise, not mutate's callbacks: the refreshed queue no longer lists this blog, and an
  // unmounted item's callbacks would never run.
  const approve = () =>
    action.mutateAsync({ id: blog.id, action: "approve" }).then(
      () => toast.success(`"${blog.title}" is published. Its author was told.`),
      (error) => toast.error(errorMessage(error)),
    );
  const reject = async () => {
    const reason = await openDialog<string>({
      name: "reject-blog",
      width: 500,
      title: "Send back to the author",
      render: (close) => <RejectDialog title={blog.title} onDone={close} />,
    });
    if (!reason) return;
    await action.mutateAsync({ id: blog.id, action: "reject", reason }).then(
      () => toast.success(`"${blog.title}" went back to its author with your reason.`),
      (error) => toast.error(errorMessage(error)),
    );
  };
  return (
    <li className={`nl-panel ${classes.row}`} data-review={blog.id}>
      <div className={classes.rowMain}>
        <Text fw={700} className={classes.rowTitle}>
          {blog.title}
        </Text>
        <Text size="sm" c="dimmed">
          {"By "}
          <Anchor component={Link} to={`/profile/${blog.author.username}`}>
            {blog.author.display_name}
          </Anchor>
          {` · ${blog.category?.name ?? "No category"} · sent ${blogDate({ publishedAt: null, updatedAt: blog.updatedAt })}`}
        </Text>
        {blog.summary && <Text size="sm">{blog.summary}</Text>}
      </div>
      <Group gap="xs" className={classes.rowActions}>
        <Button
          variant="default"
          size="sm"
          aria-expanded={open}
          rightSection={open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          onClick={() => setOpen((o) => !o)}
        >
          Read
        </Button>
        <Button
          size="sm"
          leftSection={<IconCheck size={16} />}
          loading={action.isPending && action.variables?.action === "approve"}
          disabled={action.isPending}
          onClick={() => void approve()}
        >
          Approve
        </Button>
        <Button
          size="sm"
          variant="default"
          color="red"
          leftSection={<IconX size={16} />}
          loading={action.isPending && action.variables?.action === "reject"}
          disabled={action.isPending}
          onClick={() => void reject()}
        >
          Reject
        </Button>
      </Group>
      {open && (
        <div className={classes.rowWide}>
          <ReviewText id={blog.id} />
        </div>
      )}
    </li>
  );
}

/**
 * Moderators: blogs waiting for review, oldest first, to read, approve or send back with a reason. Its heading
 * is the target of REVIEW_QUEUE_PATH (#review-queue), which the app shows with the focus on it (root.tsx).
 */
export function ReviewQueue() {
  const [page, setPage] = useState(1);
  const queue = usePendingBlogs(page);
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / BLOGS_PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby={REVIEW_QUEUE_ID} className={classes.section} data-review-queue>
      <h2 id={REVIEW_QUEUE_ID} tabIndex={-1} className={classes.sectionTitle}>
        Review queue{queue.data ? ` (${queue.data.total})` : ""}
      </h2>
      {queue.isPending ? (
        <Skeleton height={90} />
      ) : queue.isError ? (
        <Text role="alert">{errorMessage(queue.error)}</Text>
      ) : queue.data.items.length === 0 ? (
        <Text c="dimmed" data-empty-queue>
          Nothing is waiting for review.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" className={classes.rows}>
          {queue.data.items.map((blog) => (
            <ReviewItem key={blog.id} blog={blog} />
          ))}
        </Stack>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} mt="md" />}
    </section>
  );
}
