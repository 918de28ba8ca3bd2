import { Button, Group, Tabs, Text } from "@mantine/core";
import { HACK_TITLE_MAX } from "@neonlab/shared/schemas/hacks";
import { IconPlus } from "@tabler/icons-react";
import { useNavigate, useSearchParams } from "react-router";
import { openTitleDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { hackPath, useCreateHack, useExploreHacks, useMyHacks } from "../api/hacks.ts";
import { HackList } from "../components/hack-list.tsx";
import { onlineOnly } from "../../../components/online-only.tsx";

const pageOf = (value: string | null) => Math.max(1, Number.parseInt(value ?? "1", 10) || 1);

/** /hacks: the learner's own hacks (newest first) and Explore (hacks their owners listed), a create button. */
function HacksPageOnline() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "explore" ? "explore" : "mine";
  const page = pageOf(params.get("page"));
  const mine = useMyHacks(tab === "mine" ? page : 1, tab === "mine");
  const explore = useExploreHacks(tab === "explore" ? page : 1);
  const create = useCreateHack();
  const navigate = useNavigate();

  const go = (next: { tab?: string; page?: number }) => {
    const values = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    if (nextTab === "explore") values.set("tab", "explore");
    if ((next.page ?? 1) > 1) values.set("page", String(next.page));
    setParams(values);
    window.scrollTo({ top: 0 });
  };

  const onCreate = async () => {
    const title = await openTitleDialog({
      heading: "New hack",
      description: "Its link follows the title; you can change both later in Details.",
      maxLength: HACK_TITLE_MAX,
      confirmLabel: "Create",
    });
    if (!title) return;
    create.mutate(
      { title },
      {
        onSuccess: (hack) => navigate(hackPath(hack)),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <PageHeader eyebrow="Build" title="Hacks">
          Small web projects of your own: HTML, CSS and JavaScript with a live preview, shareable by link.
        </PageHeader>
        <Button leftSection={<IconPlus size={18} />} onClick={() => void onCreate()} loading={create.isPending} mb="lg">
          New hack
        </Button>
      </Group>
      <Tabs value={tab} onChange={(value) => go({ tab: value ?? "mine" })} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="mine">My hacks</Tabs.Tab>
          <Tabs.Tab value="explore">Explore</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mine">
          <HackList
            query={mine}
            page={page}
            onPage={(n) => go({ page: n })}
            showOwner={false}
            label="My hacks"
            empty={
              <Text>
                No hacks yet. Start one with <strong>New hack</strong>: you get index.html, style.css and script.js to
                play with.
              </Text>
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="explore">
          <HackList
            query={explore}
            page={page}
            onPage={(n) => go({ page: n })}
            showOwner
            label="Hacks on Explore"
            empty={<Text>Nobody has listed a hack on Explore yet. List yours from its page to be the first.</Text>}
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** Needs the network: offline it says so instead (components/online-only.tsx). */
export const HacksPage = onlineOnly(HacksPageOnline, "Hacks", "neonlab://hacks");
