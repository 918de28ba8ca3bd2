import { Anchor } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { useBlogCategories } from "../api/blogs.ts";
import { BlogList } from "../components/blog-list.tsx";
import classes from "../components/blogs.module.css";

/** /blogs/categories/:categorySlug: one category's published blogs, with the same filters as /blogs. */
export function BlogCategoryPage() {
  const { categorySlug = "" } = useParams();
  const categories = useBlogCategories();
  const category = categories.data?.find((c) => c.slug === categorySlug);
  useDocumentTitle(category ? `${category.name} blogs · NeonLab` : "");
  return (
    <div className={classes.page}>
      <PageHeader eyebrow="// blog category" title={category?.name ?? (categories.isPending ? "Blogs" : "Category")}>
        {category?.description && <p>{category.description}</p>}
        <p>
          <Anchor component={Link} to="/blogs">
            ← Every blog
          </Anchor>
        </p>
      </PageHeader>
      <BlogList fixedCategory={categorySlug} />
    </div>
  );
}
