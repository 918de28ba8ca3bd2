import { Button } from "@mantine/core";
import { IconPencilPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { useSession } from "../../../lib/session.tsx";
import { BlogList } from "../components/blog-list.tsx";
import classes from "../components/blogs.module.css";

/** /blogs: published blogs, searchable and filtered, the filters in the address so a list can be shared. */
export function BlogsPage() {
  const { status } = useSession();
  return (
    <div className={classes.page}>
      <div className={classes.headerRow}>
        <PageHeader eyebrow="// community" title="Blogs">
          <p>Write-ups, tutorials and field notes from NeonLab authors, reviewed by moderators.</p>
        </PageHeader>
        {status === "signed-in" && (
          <Button component={Link} to="/blogs/my-blogs" variant="default" leftSection={<IconPencilPlus size={16} />}>
            My blogs
          </Button>
        )}
      </div>
      <BlogList />
    </div>
  );
}
