import markdown from "../../../components/markdown-content.module.css";
import classes from "./blog-body.module.css";

/**
 * A blog's text as the server rendered it (`contentHtml`: the one markdown pipeline's sanitised, highlighted HTML;
 * docs/blogs-api.md). The blog's page and the editor's preview both show it, so they look the same.
 */
export function BlogBody({ html }: { html: string }) {
  return (
    <div className={`${markdown.markdown} ${classes.body}`} data-blog-body dangerouslySetInnerHTML={{ __html: html }} />
  );
}
