import { Avatar, Group } from "@mantine/core";
import type { BlogSummary } from "@neonlab/shared/schemas/blogs";
import { IconArrowBigDown, IconArrowBigUp, IconClock, IconEye } from "@tabler/icons-react";
import { Link } from "react-router";
import { ReaderDate } from "../../../components/reader-date.tsx";
import { formatDate } from "../../../lib/dates.ts";
import classes from "./blogs.module.css";
import { formatCount } from "@neonlab/shared/format";

/** The publication day, or the last change for a blog not published, in the reader's format. */
export const blogDate = (blog: Pick<BlogSummary, "publishedAt" | "updatedAt">) =>
  formatDate(blog.publishedAt ?? blog.updatedAt);

/** Author, date, reading time, views and votes in one line (cards and the blog's header). */
export function BlogMeta({ blog, linkAuthor = true }: { blog: BlogSummary; linkAuthor?: boolean }) {
  const { author } = blog;
  return (
    <Group gap="xs" className={classes.meta} wrap="wrap">
      <span className={classes.author}>
        <Avatar src={author.avatar} alt="" size={24} radius="xl" name={author.display_name} color="initials" />
        {linkAuthor ? (
          <Link to={`/profile/${author.username}`} className={classes.authorLink}>
            {author.display_name}
          </Link>
        ) : (
          <span>{author.display_name}</span>
        )}
      </span>
      <span aria-hidden="true">·</span>
      <ReaderDate value={blog.publishedAt ?? blog.updatedAt} />
      <span aria-hidden="true">·</span>
      <span>
        <IconClock size={15} aria-hidden="true" /> {blog.readingMinutes} min read
      </span>
      <span title={`${formatCount(blog.views)} views`}>
        <IconEye size={15} aria-hidden="true" /> {formatCount(blog.views)}
        <span className={classes.visuallyHidden}> views</span>
      </span>
      <span title={`${blog.votes.up} up, ${blog.votes.down} down`} data-score={blog.votes.score}>
        {blog.votes.score >= 0 ? (
          <IconArrowBigUp size={15} aria-hidden="true" />
        ) : (
          <IconArrowBigDown size={15} aria-hidden="true" />
        )}{" "}
        {formatCount(blog.votes.score)}
        <span className={classes.visuallyHidden}> votes</span>
      </span>
    </Group>
  );
}
