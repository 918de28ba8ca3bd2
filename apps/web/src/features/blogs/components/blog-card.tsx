import { Badge, Group, Text } from "@mantine/core";
import type { BlogSummary } from "@neonlab/shared/schemas/blogs";
import { IconArticle } from "@tabler/icons-react";
import { Link } from "react-router";
import { BlogMeta } from "./blog-meta.tsx";
import linked from "../../../components/linked-card.module.css";
import classes from "./blogs.module.css";

/**
 * A published blog in a list: cover, category, title, summary and the meta line; the whole card opens it.
 * `aboveTheFold`: one of the first cards, whose cover is the page's largest paint (fetched at once).
 */
export function BlogCard({ blog, aboveTheFold = false }: { blog: BlogSummary; aboveTheFold?: boolean }) {
  return (
    <article className={`nl-panel ${classes.card} ${linked.linkedCard}`} data-blog={blog.slug}>
      <div className={classes.coverWrap}>
        {blog.cover ? (
          <img
            className={classes.cover}
            src={blog.cover.src}
            srcSet={blog.cover.srcset}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            alt=""
            width={blog.cover.width}
            height={blog.cover.height}
            loading={aboveTheFold ? "eager" : "lazy"}
            fetchPriority={aboveTheFold ? "high" : "auto"}
          />
        ) : (
          <div className={classes.noCover} aria-hidden="true">
            <IconArticle size={44} stroke={1.2} />
          </div>
        )}
      </div>
      <div className={classes.cardBody}>
        {(blog.category || blog.tags.length > 0) && (
          <Group gap={6}>
            {blog.category && (
              <Badge variant="outline" color="cyan" size="sm">
                {blog.category.name}
              </Badge>
            )}
            {blog.tags.slice(0, 3).map((tag) => (
              <Badge key={tag} variant="outline" color="gray" size="sm" tt="none">
                #{tag}
              </Badge>
            ))}
          </Group>
        )}
        <h2 className={classes.cardTitle}>
          <Link to={`/blogs/${blog.slug}`} className={linked.cardLink}>
            {blog.title}
          </Link>
        </h2>
        {blog.summary && (
          <Text className={classes.summary} lineClamp={3}>
            {blog.summary}
          </Text>
        )}
        <div className={classes.cardFoot}>
          <BlogMeta blog={blog} linkAuthor={false} />
        </div>
      </div>
    </article>
  );
}
