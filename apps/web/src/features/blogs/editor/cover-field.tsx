import { Button, FileButton, Group, Text } from "@mantine/core";
import { BLOG_IMAGE_TYPES } from "@neonlab/shared/schemas/blog-constants";
import type { BlogImage } from "@neonlab/shared/schemas/blogs";
import { IconPhotoUp, IconTrash } from "@tabler/icons-react";
import classes from "./editor.module.css";

/** The cover: what it looks like, upload or replace it, remove it. */
export function CoverField({
  cover,
  busy,
  disabled,
  onUpload,
  onRemove,
}: {
  cover: BlogImage | null;
  busy: boolean;
  disabled: boolean;
  onUpload: (file: File) => void;
  onRemove: () => void;
}) {
  return (
    <div className={classes.cover} data-cover={cover ? "set" : "none"}>
      <Text fw={600} size="sm" id="cover-label">
        Cover image
      </Text>
      {cover ? (
        <img
          className={classes.coverImage}
          src={cover.src}
          srcSet={cover.srcset}
          sizes="360px"
          alt="The blog's cover"
        />
      ) : (
        <div className={classes.coverEmpty}>
          <IconPhotoUp size={32} stroke={1.3} aria-hidden="true" />
          <Text size="sm">Shown on cards and in link previews. PNG, JPEG, WebP or GIF, up to 5 MB.</Text>
        </div>
      )}
      <Group gap="xs">
        <FileButton onChange={(file) => file && onUpload(file)} accept={BLOG_IMAGE_TYPES.join(",")} disabled={disabled}>
          {(props) => (
            <Button {...props} size="xs" variant="default" loading={busy} leftSection={<IconPhotoUp size={16} />}>
              {cover ? "Replace cover" : "Upload cover"}
            </Button>
          )}
        </FileButton>
        {cover && (
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={disabled || busy}
            onClick={onRemove}
          >
            Remove
          </Button>
        )}
      </Group>
    </div>
  );
}
