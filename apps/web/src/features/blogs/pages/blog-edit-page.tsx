import { Button, Group, Skeleton, Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { BlogEdit } from "@neonlab/shared/schemas/blogs";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { ApiError, api, errorMessage } from "../../../lib/api-client.ts";
import { BlogBody } from "../components/blog-body.tsx";
import classes from "../components/blogs.module.css";
import { BlogEditorForm } from "../editor/blog-editor-form.tsx";
import { loadingStatus } from "../../../components/loading-status.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { onlineOnly } from "../../../components/online-only.tsx";

/** /blogs/:blogId/edit (has-access): the editor; read-only for a blog the caller may only read. */
function BlogEditPageOnline() {
  const { blogId = "" } = useParams();
  const id = Number(blogId);
  const blog = useQuery({
    queryKey: queryKeys.blogs.edit(id),
    queryFn: ({ signal }) => api<BlogEdit>(`blogs/${id}/edit`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    // The editor owns the text once open: a refetch must not reset what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  useDocumentTitle(blog.data ? `Editing ${blog.data.title} · NeonLab` : "");

  if (blog.isError || !(Number.isInteger(id) && id > 0)) {
    const notFound = !blog.isError || (blog.error instanceof ApiError && blog.error.statusCode === 404);
    return (
      <section className={`nl-panel ${classes.empty}`} role="alert" data-blog-error>
        <h1 className={classes.emptyTitle}>{notFound ? "Blog not found" : "This blog can not be opened"}</h1>
        <p>{notFound ? "There is no blog with this address." : errorMessage(blog.error)}</p>
        <Group justify="center">
          <Button component={Link} to="/blogs/my-blogs">
            My blogs
          </Button>
        </Group>
      </section>
    );
  }
  if (blog.isPending) {
    return (
      <Stack gap="md" {...loadingStatus("Loading the editor")}>
        <Skeleton height={40} width="60%" />
        <Skeleton height={52} />
        <Skeleton height={420} />
      </Stack>
    );
  }
  if (!blog.data.canEdit) {
    return (
      <article className={classes.post} data-read-only>
        <p className="nl-eyebrow">Read only</p>
        <h1 className={classes.postTitle}>{blog.data.title}</h1>
        <p className={classes.postSummary}>You can read this blog here, but not change it.</p>
        <BlogBody html={blog.data.contentHtml} />
      </article>
    );
  }
  return <BlogEditorForm key={blog.data.id} initial={blog.data} />;
}

/** Needs the network: offline it says so instead (components/online-only.tsx). */
export const BlogEditPage = onlineOnly(BlogEditPageOnline, "The blog editor", "neonlab://blogs/edit");
