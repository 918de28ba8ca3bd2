import { Select } from "@mantine/core";
import { CODE_BLOCK_LANGUAGES } from "@neonlab/shared/markdown/languages";
import { getUploadImageExtension, Link, RichTextEditor } from "@mantine/tiptap";
import "@mantine/tiptap/styles.layer.css";
import Image from "@tiptap/extension-image";
import { Placeholder } from "@tiptap/extensions";
import { Markdown } from "@tiptap/markdown";
import { type Editor, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef } from "react";
import classes from "./editor.module.css";

export type UploadedImage = { src: string; alt: string };

/** The code block's language, shown (and changed) while the cursor is in a code block. */
function CodeLanguage({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      inCode: e?.isActive("codeBlock") ?? false,
      language: (e?.getAttributes("codeBlock").language as string | null | undefined) ?? "text",
    }),
  });
  if (!state?.inCode) return null;
  return (
    <Select
      aria-label="Code block language"
      size="xs"
      w={150}
      // The languages the markdown pipeline highlights; "text" is none.
      data={CODE_BLOCK_LANGUAGES}
      value={state.language || "text"}
      allowDeselect={false}
      searchable
      comboboxProps={{ withinPortal: true }}
      onChange={(value) =>
        editor
          .chain()
          .focus()
          .updateAttributes("codeBlock", { language: value === "text" ? null : value })
          .run()
      }
      data-code-language
    />
  );
}

/**
 * The blog's text as rich text, kept as markdown (@tiptap/markdown; decision 027): headings, lists, links,
 * quotes, code blocks with a language, images (picked, dropped or pasted: uploaded through `onUpload`).
 * `onChange` says the text changed; `editorRef` reads it (`getMarkdown()`) when the autosave runs.
 */
export function MarkdownEditor({
  initial,
  editable,
  onChange,
  onUpload,
  onUploadError,
  editorRef,
}: {
  initial: string;
  editable: boolean;
  onChange: () => void;
  onUpload: (file: File) => Promise<UploadedImage>;
  onUploadError: (error: unknown) => void;
  editorRef: React.RefObject<Editor | null>;
}) {
  // The callbacks change identity on each render; the editor is made once and reads them through refs.
  const handlers = useRef({ onChange, onUpload, onUploadError });
  handlers.current = { onChange, onUpload, onUploadError };
  const editor = useEditor({
    immediatelyRender: false,
    editable,
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] }, underline: false }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] }),
      getUploadImageExtension(Image, {
        onImageUpload: (file) => handlers.current.onUpload(file),
        onImageUploadError: (_file, error) => handlers.current.onUploadError(error),
      }),
      Placeholder.configure({
        placeholder: "Write your blog… (headings, lists, code blocks and images from the toolbar)",
      }),
      Markdown.configure({ markedOptions: { gfm: true } }),
    ],
    content: initial,
    contentType: "markdown",
    editorProps: { attributes: { "aria-label": "Blog text", "data-blog-editor": "" } },
    onUpdate: () => handlers.current.onChange(),
  });
  useEffect(() => {
    editorRef.current = editor;
    return () => {
      editorRef.current = null;
    };
  }, [editor, editorRef]);
  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);

  return (
    <RichTextEditor editor={editor} className={classes.editor} variant="subtle">
      {editable && (
        <RichTextEditor.Toolbar sticky stickyOffset={0} className={classes.toolbar}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.CodeBlock />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.ImageUpload accept="image/png,image/jpeg,image/webp,image/gif" />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
          {editor && <CodeLanguage editor={editor} />}
        </RichTextEditor.Toolbar>
      )}
      <RichTextEditor.Content className={classes.content} />
    </RichTextEditor>
  );
}
