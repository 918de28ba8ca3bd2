import { Button, Group, Text, UnstyledButton } from "@mantine/core";
import { AVATAR_GROUPS, AVATARS_PER_GROUP, type AvatarGroup } from "@neonlab/shared/constants";
import { MESSAGES } from "@neonlab/shared/messages";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PROFILE_QUERY_KEY, useSession } from "../../lib/session.tsx";
import { api, errorMessage } from "../../lib/api-client.ts";
import { toast } from "../../lib/toasts.ts";
import classes from "./avatar-chooser.module.css";

const GROUP_TITLES: Record<AvatarGroup, string> = { male: "Male", female: "Female", robot: "Robot" };

const avatarPath = (group: AvatarGroup, index: number) => `/avatars/${group}-${index + 1}.svg`;

/** Dialog 1: pick one of 12 avatars; saving updates the profile and closes with `true`. */
export function AvatarChooserDialog({ onSaved }: { onSaved: () => void }) {
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!selected) return;
    setSaving(true);
    try {
      const updated = await api<OwnProfile>("profile/avatar", { method: "PATCH", body: { avatar: selected } });
      queryClient.setQueryData(PROFILE_QUERY_KEY, updated);
      onSaved();
    } catch (error) {
      toast.error(errorMessage(error), { title: MESSAGES.avatarUpdateFailed });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div>
      {AVATAR_GROUPS.map((group) => (
        <section key={group} className={classes.group} aria-labelledby={`avatar-group-${group}`}>
          <h3 id={`avatar-group-${group}`} className={classes.groupTitle}>
            {GROUP_TITLES[group]}
          </h3>
          <div className={classes.grid} role="radiogroup" aria-labelledby={`avatar-group-${group}`}>
            {Array.from({ length: AVATARS_PER_GROUP }, (_, index) => {
              const path = avatarPath(group, index);
              const checked = selected === path;
              return (
                <UnstyledButton
                  key={path}
                  role="radio"
                  aria-checked={checked}
                  aria-label={`${GROUP_TITLES[group]} avatar ${index + 1}${profile?.avatar === path ? " (current)" : ""}`}
                  className={classes.option}
                  data-selected={checked || undefined}
                  data-current={profile?.avatar === path || undefined}
                  onClick={() => setSelected(path)}
                >
                  <img src={path} alt="" width={72} height={72} />
                </UnstyledButton>
              );
            })}
          </div>
        </section>
      ))}
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Text size="sm" c="dimmed" className="nl-terminal">
          {selected ? "Avatar selected" : "Pick an avatar"}
        </Text>
        <Button onClick={save} disabled={!selected} loading={saving}>
          Set as Avatar
        </Button>
      </Group>
    </div>
  );
}
