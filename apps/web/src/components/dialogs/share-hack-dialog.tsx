import { ActionIcon, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconCopy } from "@tabler/icons-react";
import { copyLink } from "../../lib/copy-link.ts";
import { ShareButtons } from "../share-buttons.tsx";

export type ShareHackInput = { username: string; slug: string; hasEnvironment: boolean };

/** Links of a hack: the code view always, the live site when it has a running environment. */
export function hackLinks({ username, slug, hasEnvironment }: ShareHackInput, origin = window.location.origin) {
  const base = `${origin}/hack/${encodeURIComponent(username)}`;
  return {
    code: `${base}/${encodeURIComponent(slug)}`,
    live: hasEnvironment ? `${base}/view/${encodeURIComponent(slug)}` : null,
  };
}

export function LinkField({ label, url }: { label: string; url: string }) {
  return (
    <TextInput
      label={label}
      value={url}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      classNames={{ input: "nl-terminal" }}
      rightSection={
        <Tooltip label="Copy link" withArrow>
          <ActionIcon variant="subtle" onClick={() => copyLink(url)} aria-label={`Copy ${label} link`}>
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
      }
    />
  );
}

/** Dialog 7: read-only links with copy buttons and a few share networks. */
export function ShareHackDialog(input: ShareHackInput) {
  const links = hackLinks(input);
  return (
    <Stack gap="sm">
      <Text>Anyone with these links can view this project.</Text>
      {links.live && <LinkField label="Live site" url={links.live} />}
      <LinkField label="Code" url={links.code} />
      <ShareButtons
        url={links.live ?? links.code}
        title={`${input.slug} by @${input.username} on NeonLab`}
        description="A hack built on NeonLab."
        networks={["x", "linkedin", "reddit", "hackernews", "email"]}
      />
    </Stack>
  );
}
