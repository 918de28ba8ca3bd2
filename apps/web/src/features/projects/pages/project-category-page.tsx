import { ProjectsPage } from "./projects-page.tsx";

/** /projects/categories/:categorySlug: the catalogue filtered by the path's category. */
export function ProjectCategoryPage() {
  return <ProjectsPage />;
}
