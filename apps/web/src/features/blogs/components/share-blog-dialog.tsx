import { Stack, Text } from "@mantine/core";
import { LinkField } from "../../../components/dialogs/share-hack-dialog.tsx";
import { ShareButtons } from "../../../components/share-buttons.tsx";

export type ShareBlogInput = { url: string; title: string; summary: string; tags: string[] };

/** The blog's link to copy, and the share networks (each opens its 500×500 popup; spec §2 "Sharing"). */
export function ShareBlogDialog({ url, title, summary, tags }: ShareBlogInput) {
  return (
    <Stack gap="sm">
      <Text>Anyone with this link can read this blog.</Text>
      <LinkField label="Blog" url={url} />
      <ShareButtons
        url={url}
        title={title}
        description={summary || title}
        hashtags={tags.map((tag) => tag.replace(/[^\p{L}\p{N}]/gu, "")).filter(Boolean)}
        networks={["x", "linkedin", "facebook", "reddit", "hackernews", "telegram", "whatsapp", "email"]}
      />
    </Stack>
  );
}
