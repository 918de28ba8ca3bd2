import { Button, Group, Select, SimpleGrid, Stack, Switch, TagsInput, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { USERNAME_MAX, USERNAME_MIN } from "@neonlab/shared/constants";
import { MESSAGES } from "@neonlab/shared/messages";
import { type OwnProfile, updateProfileSchema } from "@neonlab/shared/schemas/profile";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useEffect, useMemo } from "react";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { validationTriggers, zodResolver } from "../../../lib/zod-form.ts";
import { useUpdateProfile } from "../../../lib/update-profile.ts";

const LINKS = [
  ["github_link", "GitHub"],
  ["twitter_link", "Twitter / X"],
  ["linkedin_link", "LinkedIn"],
  ["youtube_link", "YouTube"],
  ["patreon_link", "Patreon"],
  ["buy_me_a_coffe_link", "Buy Me a Coffee"],
] as const;

type LinkField = (typeof LINKS)[number][0];
export type ProfileValues = {
  display_name: string;
  username: string;
  bio: string;
  skills: string[];
  location: string;
  work_place: string;
  time_zone: string;
  notifications: boolean;
} & Record<LinkField, string>;

export function profileValues(profile: OwnProfile): ProfileValues {
  return {
    display_name: profile.display_name,
    username: profile.username,
    bio: profile.bio ?? "",
    skills: profile.skills,
    location: profile.location ?? "",
    work_place: profile.work_place ?? "",
    time_zone: profile.time_zone,
    notifications: profile.notifications,
    ...(Object.fromEntries(LINKS.map(([field]) => [field, profile[field] ?? ""])) as Record<LinkField, string>),
  };
}

// Side by side, fields line up by their inputs: a field's hint goes under its input, not between label and input.
const BELOW: ("label" | "input" | "description" | "error")[] = ["label", "input", "description", "error"];

function timeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf?.("timeZone") ?? [];
  return Array.from(new Set(["UTC", current, ...zones])).sort();
}

export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const update = useUpdateProfile();
  const zones = useMemo(() => timeZones(profile.time_zone), [profile.time_zone]);
  const form = useForm<ProfileValues>({
    initialValues: profileValues(profile),
    validate: zodResolver(updateProfileSchema),
    ...validationTriggers(["skills", "time_zone", "notifications"]),
  });

  // The saved zone may change outside this form (Settings' time zone offer): an untouched field follows it.
  const savedZone = profile.time_zone;
  useEffect(() => {
    if (form.isDirty("time_zone") || form.getValues().time_zone === savedZone) return;
    form.setInitialValues({ ...form.getInitialValues(), time_zone: savedZone });
    form.setFieldValue("time_zone", savedZone);
  }, [form, savedZone]);

  const save = (values: ProfileValues) =>
    update.mutate(updateProfileSchema.parse(values), {
      onSuccess: (updated) => {
        toast.success(MESSAGES.profileUpdated);
        const next = profileValues(updated);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Display name" autoComplete="name" required {...form.getInputProps("display_name")} />
          <TextInput
            label="Username"
            description={`${USERNAME_MIN}–${USERNAME_MAX} characters: a–z, 0–9, - and _`}
            inputWrapperOrder={BELOW}
            autoComplete="username"
            required
            {...form.getInputProps("username")}
          />
        </SimpleGrid>
        <Textarea label="Bio" autosize minRows={3} maxRows={8} {...form.getInputProps("bio")} />
        <TagsInput
          label="Skills"
          description="Press Enter or a comma after each skill (up to 20)."
          maxTags={20}
          splitChars={[","]}
          clearable
          {...form.getInputProps("skills")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Location" {...form.getInputProps("location")} />
          <TextInput label="Work place" autoComplete="organization" {...form.getInputProps("work_place")} />
          <Select
            label="Time zone"
            description="Your streak days follow this time zone."
            inputWrapperOrder={BELOW}
            data={zones}
            searchable
            allowDeselect={false}
            limit={100}
            {...form.getInputProps("time_zone")}
          />
        </SimpleGrid>
        <Switch label="Email notifications" {...form.getInputProps("notifications", { type: "checkbox" })} />
        <Title order={3} size="h4">
          Links
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {LINKS.map(([field, label]) => (
            <TextInput
              key={field}
              label={label}
              type="url"
              placeholder="https://"
              autoComplete="url"
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} leftSection={<IconDeviceFloppy size={18} />}>
            Save Profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
