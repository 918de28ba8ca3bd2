import { Alert, Anchor, Badge, Button, Group, Select, Tabs, TagsInput, Text, Textarea, TextInput } from "@mantine/core";
import {
  BLOG_STATUS_LABELS,
  BLOG_SUMMARY_MAX,
  BLOG_TAG_MAX,
  BLOG_TAGS_MAX,
  BLOG_TITLE_MAX,
} from "@neonlab/shared/schemas/blog-constants";
import type { BlogEdit, BlogImagesUpload, BlogUpdate } from "@neonlab/shared/schemas/blogs";
import { IconAlertTriangle, IconEye, IconSend, IconSendOff } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { Editor } from "@tiptap/react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { api, errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useBlogAction, useBlogCategories } from "../api/blogs.ts";
import { BlogBody } from "../components/blog-body.tsx";
import { CoverField } from "./cover-field.tsx";
import classes from "./editor.module.css";
import { MarkdownEditor, type UploadedImage } from "./markdown-editor.tsx";
import { SaveStatus } from "./save-status.tsx";
import { useAutosave } from "./use-autosave.ts";
import { useLeaveGuard } from "./use-leave-guard.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** "my-diagram_2.png" → "my diagram 2": an image's first alt text, from its file name. */
const altFromName = (name: string) =>
  name
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[-_]+/g, " ")
    .trim();

const STATUS_COLORS = { draft: "gray", pending: "yellow", published: "neon" } as const;

/** The editor of one blog: title, summary, category, tags, cover, the text (Write / Preview), autosave, publish. */
export function BlogEditorForm({ initial }: { initial: BlogEdit }) {
  const client = useQueryClient();
  const categories = useBlogCategories();
  const [blog, setBlog] = useState(initial);
  const [title, setTitle] = useState(initial.title);
  const [summary, setSummary] = useState(initial.summary);
  const [categoryId, setCategoryId] = useState<number | null>(initial.category?.id ?? null);
  const [tags, setTags] = useState(initial.tags);
  const [tab, setTab] = useState<string | null>("write");
  const [coverBusy, setCoverBusy] = useState(false);
  const editorRef = useRef<Editor | null>(null);
  const uploads = useRef(0);
  const action = useBlogAction();

  const fields = useRef({ title, summary, categoryId, tags });
  fields.current = { title, summary, categoryId, tags };
  const read = (): BlogUpdate => ({
    title: fields.current.title,
    summary: fields.current.summary,
    blogCategoryId: fields.current.categoryId,
    tags: fields.current.tags,
    content: editorRef.current?.getMarkdown() ?? initial.content,
  });
  const keep = (saved: BlogEdit) => {
    setBlog(saved);
    client.setQueryData(queryKeys.blogs.edit(saved.id), saved);
  };
  const autosave = useAutosave({ blogId: blog.id, read, hold: () => uploads.current > 0, onSaved: keep });
  useLeaveGuard(autosave.pending);

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      autosave.touch();
    };

  const uploadImage = async (file: File): Promise<UploadedImage> => {
    uploads.current += 1;
    try {
      const body = new FormData();
      body.append("images", file);
      const answer = await api<BlogImagesUpload>(`blogs/${blog.id}/upload-images`, { method: "PATCH", body });
      const image = answer.images[0];
      if (!image) throw new Error("The image did not upload; try again.");
      return { src: image.src, alt: altFromName(file.name) };
    } finally {
      uploads.current -= 1;
    }
  };
  const uploadCover = async (file: File) => {
    setCoverBusy(true);
    try {
      const body = new FormData();
      body.append("cover", file);
      keep(await api<BlogEdit>(`blogs/${blog.id}/upload-cover`, { method: "PATCH", body }));
    } catch (error) {
      toast.error(errorMessage(error), { title: "The cover did not upload" });
    } finally {
      setCoverBusy(false);
    }
  };
  const removeCover = async () => {
    if (!blog.cover) return;
    setCoverBusy(true);
    try {
      keep(await api<BlogEdit>(`blogs/images/${blog.cover.id}`, { method: "DELETE" }));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setCoverBusy(false);
    }
  };
  const publish = async (kind: "publish" | "unpublish") => {
    if (!(await autosave.save())) return;
    action.mutate(
      { id: blog.id, action: kind },
      {
        onSuccess: (saved) => {
          keep(saved);
          toast.success(
            saved.status === "published"
              ? "Published. Anyone can read it now."
              : saved.status === "pending"
                ? "Sent for review. You will be notified when a moderator has read it."
                : "Back in your drafts.",
          );
        },
        onError: (error) => toast.error(errorMessage(error), { title: "Not published" }),
      },
    );
  };

  return (
    <div className={classes.layout} data-blog-editor-page={blog.id}>
      <div className={classes.topBar}>
        <Group gap="sm">
          <Anchor component={Link} to="/blogs/my-blogs" className={classes.back}>
            ← My blogs
          </Anchor>
          <Badge color={STATUS_COLORS[blog.status]} variant="outline" data-blog-status={blog.status}>
            {BLOG_STATUS_LABELS[blog.status]}
          </Badge>
          <SaveStatus state={autosave.state} onRetry={() => void autosave.save()} />
        </Group>
        <Group gap="xs">
          {blog.status === "published" && (
            <Button component={Link} to={`/blogs/${blog.slug}`} variant="default" leftSection={<IconEye size={16} />}>
              View
            </Button>
          )}
          {blog.status === "draft" ? (
            <Button
              leftSection={<IconSend size={16} />}
              loading={action.isPending}
              onClick={() => void publish("publish")}
            >
              Publish
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconSendOff size={16} />}
              loading={action.isPending}
              onClick={() => void publish("unpublish")}
            >
              {blog.status === "pending" ? "Withdraw" : "Unpublish"}
            </Button>
          )}
        </Group>
      </div>
      {blog.rejectionReason && blog.status === "draft" && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="A moderator sent this back" data-rejection>
          {blog.rejectionReason}
        </Alert>
      )}
      {blog.status === "published" && (
        <Text size="sm" c="dimmed">
          This blog is published: your changes are live as soon as they are saved.
        </Text>
      )}
      <div className={classes.columns}>
        <div className={classes.main}>
          <TextInput
            label="Title"
            value={title}
            maxLength={BLOG_TITLE_MAX}
            onChange={(event) => change(setTitle)(event.currentTarget.value)}
            error={title.trim() ? undefined : "The title is required"}
            classNames={{ input: classes.titleInput }}
            size="lg"
          />
          <Tabs
            value={tab}
            onChange={(next) => {
              setTab(next);
              if (next === "preview") void autosave.save();
            }}
            keepMounted
            className={classes.tabs}
          >
            <Tabs.List>
              <Tabs.Tab value="write">Write</Tabs.Tab>
              <Tabs.Tab value="preview">Preview</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="write" pt="sm">
              <MarkdownEditor
                initial={initial.content}
                editable
                editorRef={editorRef}
                onChange={autosave.touch}
                onUpload={uploadImage}
                onUploadError={(error) => toast.error(errorMessage(error), { title: "The image did not upload" })}
              />
            </Tabs.Panel>
            <Tabs.Panel value="preview" pt="sm">
              <div className={`nl-panel ${classes.preview}`} data-preview>
                {autosave.state.kind !== "saved" && (
                  <Text size="sm" c="dimmed" mb="sm">
                    The preview shows the last saved text.
                  </Text>
                )}
                <h1 className={classes.previewTitle}>{blog.title}</h1>
                {blog.summary && <p className={classes.previewSummary}>{blog.summary}</p>}
                {blog.cover && (
                  <img
                    className={classes.previewCover}
                    src={blog.cover.src}
                    srcSet={blog.cover.srcset}
                    sizes="(min-width: 1024px) 800px, 100vw"
                    alt=""
                    width={blog.cover.width}
                    height={blog.cover.height}
                  />
                )}
                {blog.contentHtml ? <BlogBody html={blog.contentHtml} /> : <Text c="dimmed">Nothing written yet.</Text>}
              </div>
            </Tabs.Panel>
          </Tabs>
        </div>
        <aside className={`nl-panel ${classes.side}`} aria-label="Blog details">
          <Textarea
            label="Summary"
            description="One or two sentences for lists and link previews."
            value={summary}
            maxLength={BLOG_SUMMARY_MAX}
            autosize
            minRows={3}
            onChange={(event) => change(setSummary)(event.currentTarget.value)}
          />
          <Select
            label="Category"
            placeholder="Choose a category"
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={categoryId ? String(categoryId) : null}
            onChange={(value) => change(setCategoryId)(value ? Number(value) : null)}
            clearable
          />
          <TagsInput
            label="Tags"
            description={`Up to ${BLOG_TAGS_MAX}, press Enter after each.`}
            value={tags}
            maxTags={BLOG_TAGS_MAX}
            onChange={(value) => change(setTags)(value.map((t) => t.trim().toLowerCase().slice(0, BLOG_TAG_MAX)))}
            clearable
          />
          <CoverField
            cover={blog.cover}
            busy={coverBusy}
            disabled={false}
            onUpload={(file) => void uploadCover(file)}
            onRemove={() => void removeCover()}
          />
        </aside>
      </div>
    </div>
  );
}
