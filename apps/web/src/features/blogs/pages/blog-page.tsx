import { Anchor, Badge, Button, Group, Skeleton, Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { Blog } from "@neonlab/shared/schemas/blogs";
import { IconPencil, IconShare } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { blogQuery, countView, useBlog } from "../api/blogs.ts";
import { AuthorCard } from "../components/author-card.tsx";
import { BlogBody } from "../components/blog-body.tsx";
import { BlogMeta } from "../components/blog-meta.tsx";
import classes from "../components/blogs.module.css";
import { VoteButtons } from "../components/vote-buttons.tsx";
import { openShareBlogDialog } from "../lib/open-share-blog.tsx";
import { loadingStatus } from "../../../components/loading-status.ts";

/** Counts one view per opened blog (the server counts each viewer once a day) and shows the new total. */
function useCountView(blog: Blog | undefined) {
  const client = useQueryClient();
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (!blog || counted.current === blog.id) return;
    counted.current = blog.id;
    countView(blog.id)
      .then(({ views }) => client.setQueryData(blogQuery(blog.slug).queryKey, (old) => (old ? { ...old, views } : old)))
      .catch(() => undefined);
  }, [blog, client]);
}

/** /blogs/:slug: a published blog, rendered by the server, with votes, views, the author and sharing. */
export function BlogPage() {
  const { slug = "" } = useParams();
  const blog = useBlog(slug);
  const { profile } = useSession();
  const navigate = useNavigate();
  useDocumentTitle(blog.data ? `${blog.data.title} · NeonLab` : "");
  useCountView(blog.data);
  // An old slug (the title changed since): the answer carries the current one; go to its address.
  const current = blog.data?.slug;
  useEffect(() => {
    if (current && current !== slug) navigate(`/blogs/${current}`, { replace: true });
  }, [current, slug, navigate]);

  if (blog.isPending) {
    return (
      <Stack gap="lg" {...loadingStatus("Loading the blog")} data-loading>
        <Skeleton height={48} width="80%" />
        <Skeleton height={20} width="50%" />
        <Skeleton height={360} />
        <Skeleton height={200} />
      </Stack>
    );
  }
  if (blog.isError) {
    const notFound = blog.error instanceof ApiError && blog.error.statusCode === 404;
    return (
      <section className={`nl-panel ${classes.empty}`} role="alert" data-blog-error>
        <h1 className={classes.emptyTitle}>{notFound ? "Blog not found" : "The blog did not load"}</h1>
        <p>{notFound ? "It may have been unpublished, or the link is mistyped." : errorMessage(blog.error)}</p>
        <Group gap="sm" justify="center">
          {!notFound && <Button onClick={() => void blog.refetch()}>Try again</Button>}
          <Button component={Link} to="/blogs" variant={notFound ? "filled" : "default"}>
            See every blog
          </Button>
        </Group>
      </section>
    );
  }

  const data = blog.data;
  const own = profile?.id === data.author.id;
  return (
    <article className={classes.post} data-blog-page={data.slug}>
      <header className={classes.postHeader}>
        <Group gap="xs">
          <Anchor component={Link} to="/blogs" className={classes.crumb}>
            Blogs
          </Anchor>
          {data.category && (
            <>
              <span aria-hidden="true" className={classes.crumbSep}>
                /
              </span>
              <Anchor component={Link} to={`/blogs/categories/${data.category.slug}`} className={classes.crumb}>
                {data.category.name}
              </Anchor>
            </>
          )}
        </Group>
        <h1 className={classes.postTitle}>{data.title}</h1>
        {data.summary && <p className={classes.postSummary}>{data.summary}</p>}
        <BlogMeta blog={data} />
      </header>
      {data.cover && (
        <img
          className={classes.postCover}
          src={data.cover.src}
          srcSet={data.cover.srcset}
          sizes="(min-width: 860px) 800px, 100vw"
          alt=""
          width={data.cover.width}
          height={data.cover.height}
          fetchPriority="high"
        />
      )}
      <BlogBody html={data.contentHtml} />
      {data.tags.length > 0 && (
        <Group gap={6} component="ul" aria-label="Tags" className={classes.tags}>
          {data.tags.map((tag) => (
            <Badge key={tag} component="li" variant="outline" color="gray" tt="none">
              #{tag}
            </Badge>
          ))}
        </Group>
      )}
      <div className={classes.postActions}>
        <VoteButtons blog={data} />
        <Group gap="xs">
          {own && (
            <Button
              component={Link}
              to={`/blogs/${data.id}/edit`}
              variant="default"
              leftSection={<IconPencil size={16} />}
            >
              Edit
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconShare size={16} />}
            onClick={() =>
              void openShareBlogDialog({ url: data.url, title: data.title, summary: data.summary, tags: data.tags })
            }
          >
            Share
          </Button>
        </Group>
      </div>
      <AuthorCard author={data.author} />
    </article>
  );
}
