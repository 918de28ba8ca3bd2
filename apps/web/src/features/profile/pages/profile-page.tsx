import { Avatar, Badge, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { PublicProfile } from "@neonlab/shared/schemas/profile";
import { IconBolt, IconBriefcase, IconCoin, IconFlame, IconMapPin, IconSettings, IconUsers } from "@tabler/icons-react";
import { Suspense, useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { ConnectionButton } from "../../connections/index.ts";
import { BadgeGrid, RecentActivity, StreakWidget } from "../../progress/index.ts";
import { usePublicProfile } from "../api/get-public-profile.ts";
import { ProfileLinks } from "../components/profile-links.tsx";
import classes from "../components/profile.module.css";
import { LedgerTable } from "../../../components/ledger-table.tsx";
import { loadingStatus } from "../../../components/loading-status.ts";
import { formatCount } from "@neonlab/shared/format";

const joined = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric" });

/** /profile/:username: who they are, XP, streak, recent activity; your own adds badges, streak controls and history. */
export function ProfilePage() {
  const { username = "" } = useParams();
  const profile = usePublicProfile(username);
  const session = useSession();
  const navigate = useNavigate();
  useDocumentTitle(profile.data ? `${profile.data.display_name} · NeonLab` : "");
  // An old username (changed since): the profile answers under the current one; go to its address.
  const current = profile.data?.username;
  useEffect(() => {
    if (current && current !== username.toLowerCase()) navigate(`/profile/${current}`, { replace: true });
  }, [current, username, navigate]);

  if (profile.isPending) {
    return (
      <Stack gap="lg" {...loadingStatus("Loading the profile")} data-loading>
        <Skeleton height={200} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.statusCode === 404;
    return (
      <section className={`nl-panel ${classes.problem}`} role="alert" data-profile-error>
        <h1 className={classes.problemTitle}>{notFound ? "No such learner" : "The profile did not load"}</h1>
        <p>{notFound ? `Nobody on NeonLab goes by @${username}.` : errorMessage(profile.error)}</p>
        <Group gap="sm" justify="center">
          {!notFound && <Button onClick={() => void profile.refetch()}>Try again</Button>}
          <Button component={Link} to="/rank" variant={notFound ? "filled" : "default"}>
            See the leaderboard
          </Button>
        </Group>
      </section>
    );
  }

  const own = session.profile && session.profile.id === profile.data.id ? session.profile : null;
  // Your own counters come from the session profile, which the completion dialogs refresh.
  const data: PublicProfile = own ?? profile.data;
  const stats = [
    { key: "xp", label: "XP", value: formatCount(data.xp), icon: IconBolt },
    {
      key: "streak",
      label: "Streak",
      value: `${data.streak} ${data.streak === 1 ? "day" : "days"}`,
      icon: IconFlame,
    },
    ...(own ? [{ key: "neonbits", label: "NeonBits", value: formatCount(own.neonbits), icon: IconCoin }] : []),
  ];

  return (
    <div className={classes.page} data-profile={data.username}>
      <header className={`nl-panel ${classes.hero}`}>
        <Avatar
          src={data.avatar}
          alt=""
          size={104}
          radius={104}
          name={data.display_name}
          color="initials"
          className={classes.avatar}
        />
        <div className={classes.identity}>
          <Group gap="xs" align="center">
            <h1 className={classes.name}>{data.display_name}</h1>
            {data.role !== "user" && (
              <Badge color="magenta" variant="outline">
                {data.role}
              </Badge>
            )}
          </Group>
          <Text className={classes.username}>@{data.username}</Text>
          {data.bio && <p className={classes.bio}>{data.bio}</p>}
          <Group gap="md" className={classes.facts}>
            {data.location && (
              <span>
                <IconMapPin size={16} aria-hidden="true" /> {data.location}
              </span>
            )}
            {data.work_place && (
              <span>
                <IconBriefcase size={16} aria-hidden="true" /> {data.work_place}
              </span>
            )}
            <span>{`Joined ${joined.format(new Date(data.created_at))}`}</span>
          </Group>
          {data.skills.length > 0 && (
            <Group gap={6} component="ul" aria-label="Skills" className={classes.skills}>
              {data.skills.map((skill) => (
                <Badge key={skill} component="li" variant="light" color="cyan">
                  {skill}
                </Badge>
              ))}
            </Group>
          )}
          <Group gap="sm" mt="xs">
            <ProfileLinks profile={data} />
            <Button
              component={Link}
              to={`/connections/${data.username}`}
              variant="subtle"
              size="sm"
              leftSection={<IconUsers size={16} />}
            >
              Connections
            </Button>
            {!own && session.status === "signed-in" && (
              <Suspense fallback={null}>
                <ConnectionButton userId={data.id} name={data.display_name} />
              </Suspense>
            )}
            {own && (
              <Button
                component={Link}
                to="/settings"
                variant="default"
                size="sm"
                leftSection={<IconSettings size={16} />}
              >
                Edit profile
              </Button>
            )}
          </Group>
        </div>
        <dl className={classes.stats}>
          {stats.map(({ key, label, value, icon: Icon }) => (
            <div key={key} className={classes.stat} data-profile-stat={key}>
              <dt>
                <Icon size={16} aria-hidden="true" /> {label}
              </dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </header>

      <div className={classes.columns}>
        <div className={classes.column}>
          {own && <BadgeGrid />}
          <RecentActivity userId={data.id} />
        </div>
        {own && (
          <div className={classes.column}>
            <StreakWidget neonbits={own.neonbits} />
          </div>
        )}
      </div>
      {own && (
        <LedgerTable
          title="History"
          loadingLabel="Loading the history"
          emptyText="Nothing yet. Complete a lesson and your XP shows up here."
        />
      )}
    </div>
  );
}
