import { Button, Group, Text, UnstyledButton } from "@mantine/core";
import { AVATAR_GROUPS, AVATARS_PER_GROUP, type AvatarGroup } from "@neonlab/shared/constants";
import { MESSAGES } from "@neonlab/shared/messages";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useState } from "react";
import { useSession } from "../../lib/session.tsx";
import { api, errorMessage } from "../../lib/api-client.ts";
import { toast } from "../../lib/toasts.ts";
import classes from "./avatar-chooser.module.css";
import { queryKeys } from "../../lib/query-keys.ts";

const GROUP_TITLES: Record<AvatarGroup, string> = { male: "Male", female: "Female", robot: "Robot" };

const avatarPath = (group: AvatarGroup, index: number) => `/avatars/${group}-${index + 1}.svg`;
const ALL_AVATARS = AVATAR_GROUPS.flatMap((group) =>
  Array.from({ length: AVATARS_PER_GROUP }, (_, index) => avatarPath(group, index)),
);
const ARROW_STEPS: Record<string, number | "first" | "last"> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
  Home: "first",
  End: "last",
};

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
      queryClient.setQueryData(queryKeys.me(), updated);
      onSaved();
    } catch (error) {
      toast.error(errorMessage(error), { title: MESSAGES.avatarUpdateFailed });
    } finally {
      setSaving(false);
    }
  };

  // One radio group of all twelve: a single tab stop, arrow keys move (and pick) across the three rows.
  const focusable = selected ?? ALL_AVATARS[0];
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = ARROW_STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const at = ALL_AVATARS.indexOf(selected ?? ALL_AVATARS[0] ?? "");
    const next =
      step === "first"
        ? 0
        : step === "last"
          ? ALL_AVATARS.length - 1
          : (at + step + ALL_AVATARS.length) % ALL_AVATARS.length;
    const path = ALL_AVATARS[next];
    if (!path) return;
    setSelected(path);
    event.currentTarget.closest("[role=radiogroup]")?.querySelector<HTMLElement>(`[data-avatar="${path}"]`)?.focus();
  };

  return (
    <div>
      <div role="radiogroup" aria-label="Avatar" onKeyDown={onKeyDown}>
        {AVATAR_GROUPS.map((group) => (
          <fieldset key={group} className={classes.group}>
            <legend className={classes.groupTitle}>{GROUP_TITLES[group]}</legend>
            <div className={classes.grid}>
              {Array.from({ length: AVATARS_PER_GROUP }, (_, index) => {
                const path = avatarPath(group, index);
                const checked = selected === path;
                return (
                  <UnstyledButton
                    key={path}
                    role="radio"
                    aria-checked={checked}
                    tabIndex={path === focusable ? 0 : -1}
                    aria-label={`${GROUP_TITLES[group]} avatar ${index + 1}${profile?.avatar === path ? " (current)" : ""}`}
                    className={classes.option}
                    data-avatar={path}
                    data-selected={checked || undefined}
                    data-current={profile?.avatar === path || undefined}
                    onClick={() => setSelected(path)}
                  >
                    <img src={path} alt="" width={72} height={72} />
                  </UnstyledButton>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Text size="sm" c="dimmed" className="nl-terminal" aria-live="polite">
          {selected ? "Avatar selected" : "Pick an avatar"}
        </Text>
        <Button onClick={save} disabled={!selected} loading={saving}>
          Set as Avatar
        </Button>
      </Group>
    </div>
  );
}
