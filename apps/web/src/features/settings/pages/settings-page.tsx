import { Center, Container, Divider, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import {
  IconBell,
  IconCode,
  IconCoin,
  IconCrown,
  IconDeviceFloppy,
  IconSettings,
  IconUser,
  IconUserCircle,
  IconUserPlus,
} from "@tabler/icons-react";
import { Suspense, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { EditorPreferencesForm } from "../../../components/editor-preferences-form.tsx";
import { LedgerTable } from "../../../components/ledger-table.tsx";
import { SubscriptionSettings } from "../../payments/index.ts";
import { ProgressVisibility } from "../../classrooms/index.ts";
import { SavedCoursesList } from "../../../lib/offline/saved-courses-list.tsx";
import { useSession } from "../../../lib/session.tsx";
import { ChangeEmailForm, ChangePasswordForm } from "../components/account-forms.tsx";
import { AvatarPanel } from "../components/avatar-panel.tsx";
import { DataExportSection } from "../components/data-export-section.tsx";
import { DeleteAccountSection } from "../components/delete-account-section.tsx";
import { InviteSettings } from "../components/invite-settings.tsx";
import { NotificationSettings } from "../components/notification-settings.tsx";
import { ProfileForm } from "../components/profile-form.tsx";
import { TimeZoneNotice } from "../components/time-zone-notice.tsx";
import classes from "../components/settings.module.css";

const TABS = ["profile", "account", "subscription", "editor", "avatar", "notifications", "neonbits", "invite"] as const;
type SettingsTab = (typeof TABS)[number];

export const settingsTab = (value: string | null): SettingsTab => TABS.find((tab) => tab === value) ?? "profile";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="md" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /settings?tab=profile|account|subscription|editor|avatar|notifications|neonbits|invite */
export function SettingsPage() {
  const { profile } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = settingsTab(params.get("tab"));
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tab row scrolls sideways: keep the chosen tab in view (a link to ?tab=neonbits, say).
  useEffect(() => {
    if (!tab) return;
    tabList.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [tab]);
  if (!profile) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Loading your settings" />
      </Center>
    );
  }

  return (
    <Container size="md" px="md" py={{ base: "lg", sm: "xl" }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Text className="nl-eyebrow">System config</Text>
          <Title order={1}>Settings</Title>
        </Stack>
        <TimeZoneNotice profile={profile} />
        <Tabs
          value={tab}
          onChange={(next) => setParams({ tab: settingsTab(next) }, { replace: true })}
          keepMounted={false}
          classNames={{ list: classes.tabList, tab: classes.tab }}
        >
          <Tabs.List mb="lg" ref={tabList}>
            <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
              Profile
            </Tabs.Tab>
            <Tabs.Tab value="account" leftSection={<IconSettings size={16} />}>
              Account
            </Tabs.Tab>
            <Tabs.Tab value="subscription" leftSection={<IconCrown size={16} />}>
              Subscription
            </Tabs.Tab>
            <Tabs.Tab value="editor" leftSection={<IconCode size={16} />}>
              Editor
            </Tabs.Tab>
            <Tabs.Tab value="avatar" leftSection={<IconUserCircle size={16} />}>
              Avatar
            </Tabs.Tab>
            <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
              Notifications
            </Tabs.Tab>
            <Tabs.Tab value="neonbits" leftSection={<IconCoin size={16} />}>
              NeonBits
            </Tabs.Tab>
            <Tabs.Tab value="invite" leftSection={<IconUserPlus size={16} />}>
              Invite
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile">
            <ProfileForm profile={profile} />
          </Tabs.Panel>
          <Tabs.Panel value="account">
            <Stack gap="xl">
              <Section title="Email">
                <ChangeEmailForm currentEmail={profile.email} />
              </Section>
              <Divider />
              <Section title="Password">
                <ChangePasswordForm
                  owner={{ email: profile.email, name: profile.display_name, username: profile.username }}
                />
              </Section>
              <Divider />
              <Section title="Saved for offline">
                <SavedCoursesList />
              </Section>
              <Divider />
              <Section title="Classrooms that see your progress">
                <Suspense fallback={<Loader size="sm" aria-label="Loading your classrooms" />}>
                  <ProgressVisibility />
                </Suspense>
              </Section>
              <Divider />
              <Section title="Your data">
                <DataExportSection />
              </Section>
              <Divider />
              <Section title="Delete account">
                <DeleteAccountSection />
              </Section>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="subscription">
            <Suspense fallback={<Loader aria-label="Loading your subscription" />}>
              <SubscriptionSettings />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="editor">
            <Stack gap="lg">
              <Text size="sm" c="dimmed">
                How code looks in lessons, projects and hacks.
              </Text>
              <EditorPreferencesForm
                preferences={profile.editor_preferences}
                columns={2}
                submitLabel="Save Preferences"
                submitIcon={<IconDeviceFloppy size={18} />}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="avatar">
            <AvatarPanel profile={profile} />
          </Tabs.Panel>
          <Tabs.Panel value="notifications">
            <NotificationSettings />
          </Tabs.Panel>
          <Tabs.Panel value="neonbits">
            <LedgerTable
              kind="neonbits"
              showBalance
              loadingLabel="Loading your NeonBits"
              emptyText="No NeonBits yet. Complete a chapter to earn your first 20."
            />
          </Tabs.Panel>
          <Tabs.Panel value="invite">
            <InviteSettings />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
