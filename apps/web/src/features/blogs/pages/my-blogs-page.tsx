import { Badge, Button, Chip, Group, Pagination, Skeleton, Stack, Text } from "@mantine/core";
import {
  BLOG_STATUS_LABELS,
  BLOG_STATUSES,
  BLOG_TITLE_MAX,
  BLOGS_PAGE_SIZE,
  type BlogStatus,
} from "@neonlab/shared/schemas/blog-constants";
import type { BlogSummary } from "@neonlab/shared/schemas/blogs";
import { canWriteBlogs, isStaff } from "@neonlab/shared/roles";
import { IconCrown, IconEye, IconPencil, IconPencilPlus, IconSend, IconSendOff } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { openConfirmDialog, openTitleDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { toast } from "../../../lib/toasts.ts";
import { createBlog, useBlogAction, useMyBlogs } from "../api/blogs.ts";
import { blogDate } from "../components/blog-meta.tsx";
import classes from "../components/blogs.module.css";
import { ReviewQueue } from "../components/review-queue.tsx";
import { loadingStatus } from "../../../components/loading-status.ts";

const STATUS_COLORS: Record<BlogStatus, string> = { draft: "gray", pending: "yellow", published: "neon" };

function MyBlogRow({ blog, canWrite }: { blog: BlogSummary; canWrite: boolean }) {
  const action = useBlogAction();
  const run = async (kind: "publish" | "unpublish") => {
    if (kind === "unpublish") {
      const sure = await openConfirmDialog({
        title: "Unpublish this blog?",
        message: `<p><strong>${escapeHtml(blog.title)}</strong> goes back to your drafts; readers can no longer open it.</p>`,
        confirmLabel: "Unpublish",
        cancelLabel: "Keep it",
      });
      if (!sure) return;
    }
    action.mutate(
      { id: blog.id, action: kind },
      {
        onSuccess: (saved) =>
          toast.success(
            saved.status === "published"
              ? "Published."
              : saved.status === "pending"
                ? "Sent for review. A moderator will publish it."
                : "Back in your drafts.",
          ),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  return (
    <li className={`nl-panel ${classes.row}`} data-my-blog={blog.id} data-status={blog.status}>
      <div className={classes.rowMain}>
        <Group gap="xs">
          <Badge color={STATUS_COLORS[blog.status]} variant="outline">
            {BLOG_STATUS_LABELS[blog.status]}
          </Badge>
          {blog.category && (
            <Text size="sm" c="dimmed">
              {blog.category.name}
            </Text>
          )}
        </Group>
        <Text fw={700} className={classes.rowTitle}>
          {blog.title}
        </Text>
        <Text size="sm" c="dimmed">
          {blog.status === "published"
            ? `Published ${blogDate(blog)} · ${plural(blog.views, "view")} · ${plural(blog.votes.score, "vote")}`
            : `Changed ${blogDate({ publishedAt: null, updatedAt: blog.updatedAt })}`}
        </Text>
      </div>
      <Group gap="xs" className={classes.rowActions}>
        {blog.status === "published" && (
          <Button
            component={Link}
            to={`/blogs/${blog.slug}`}
            size="sm"
            variant="default"
            leftSection={<IconEye size={16} />}
          >
            View
          </Button>
        )}
        {canWrite && (
          <Button
            component={Link}
            to={`/blogs/${blog.id}/edit`}
            size="sm"
            variant="default"
            leftSection={<IconPencil size={16} />}
            aria-label={`Edit ${blog.title}`}
          >
            Edit
          </Button>
        )}
        {blog.status === "draft" && canWrite && (
          <Button
            size="sm"
            leftSection={<IconSend size={16} />}
            loading={action.isPending}
            onClick={() => void run("publish")}
            aria-label={`Publish ${blog.title}`}
          >
            Publish
          </Button>
        )}
        {blog.status !== "draft" && (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconSendOff size={16} />}
            loading={action.isPending}
            onClick={() => void run("unpublish")}
            aria-label={`Unpublish ${blog.title}`}
          >
            Unpublish
          </Button>
        )}
      </Group>
    </li>
  );
}

const plural = (n: number, word: string) => `${n} ${Math.abs(n) === 1 ? word : `${word}s`}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** /blogs/my-blogs: your blogs in every state with their counts, a new draft; moderators' review queue. */
export function MyBlogsPage() {
  const { profile } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = BLOG_STATUSES.includes(params.get("status") as BlogStatus)
    ? (params.get("status") as BlogStatus)
    : null;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const mine = useMyBlogs(status, page);
  const canWrite = Boolean(profile && canWriteBlogs({ role: profile.role, hasAccess: profile.has_access }));
  const moderator = isStaff(profile?.role);
  const create = useMutation({
    mutationFn: createBlog,
    onSuccess: (blog) => navigate(`/blogs/${blog.id}/edit`),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const write = async () => {
    const title = await openTitleDialog({
      heading: "Write a blog",
      description: "Its link follows the title.",
      maxLength: BLOG_TITLE_MAX,
      confirmLabel: "Start writing",
    });
    if (title) create.mutate(title);
  };
  const setFilter = (next: Record<string, string | null>) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    setParams(search, { replace: true });
  };
  const counts = mine.data?.counts;
  const pages = mine.data ? Math.max(1, Math.ceil(mine.data.total / BLOGS_PAGE_SIZE)) : 1;

  return (
    <div className={classes.page}>
      <div className={classes.headerRow}>
        <PageHeader eyebrow="// your writing" title="My blogs">
          <p>Drafts, posts waiting for a moderator and what you have published.</p>
        </PageHeader>
        {canWrite ? (
          <Button leftSection={<IconPencilPlus size={18} />} loading={create.isPending} onClick={() => void write()}>
            Write a blog
          </Button>
        ) : (
          <Button component={Link} to="/pricing" leftSection={<IconCrown size={18} />}>
            Get Pro to write
          </Button>
        )}
      </div>
      {moderator && <ReviewQueue />}
      <section aria-labelledby="my-blogs-list" className={classes.section}>
        <h2 id="my-blogs-list" className={classes.sectionTitle}>
          Your blogs
        </h2>
        <Chip.Group
          value={status ?? "all"}
          onChange={(value) => setFilter({ status: value === "all" ? null : String(value), page: null })}
        >
          <Group gap="xs" mb="md" role="group" aria-label="Show blogs">
            <Chip value="all" variant="outline">
              {`All${counts ? ` (${counts.all})` : ""}`}
            </Chip>
            {BLOG_STATUSES.map((value) => (
              <Chip key={value} value={value} variant="outline" data-count={counts?.[value]}>
                {`${BLOG_STATUS_LABELS[value]}${counts ? ` (${counts[value]})` : ""}`}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {mine.isPending ? (
          <Stack {...loadingStatus("Loading your blogs")}>
            <Skeleton height={96} />
            <Skeleton height={96} />
          </Stack>
        ) : mine.isError ? (
          <Text role="alert">{errorMessage(mine.error)}</Text>
        ) : mine.data.items.length === 0 ? (
          <div className={`nl-panel ${classes.empty}`} data-empty>
            <IconPencilPlus size={36} aria-hidden="true" />
            <h3 className={classes.emptyTitle}>
              {status ? `No ${BLOG_STATUS_LABELS[status].toLowerCase()} blogs` : "You have not written a blog yet"}
            </h3>
            <p>
              {canWrite
                ? "Write about something you built or learned: drafts save as you type."
                : "Writing blogs is part of NeonLab Pro."}
            </p>
          </div>
        ) : (
          <Stack component="ul" gap="sm" className={classes.rows}>
            {mine.data.items.map((blog) => (
              <MyBlogRow key={blog.id} blog={blog} canWrite={canWrite} />
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={(p) => setFilter({ page: p > 1 ? String(p) : null })}
            mt="md"
          />
        )}
      </section>
    </div>
  );
}
