import { Button, Group, SimpleGrid } from "@mantine/core";
import {
  IconAward,
  IconBook2,
  IconBrain,
  IconBuildingStore,
  IconCode,
  IconFlame,
  IconMessageChatbot,
  IconNotes,
  IconTrophy,
  IconUsersGroup,
} from "@tabler/icons-react";
import { Link } from "react-router";
import { Band, FeatureCard, PageHeader } from "./components/page-header.tsx";

const GROUPS = [
  {
    id: "learn",
    title: "Learn",
    items: [
      {
        icon: <IconBook2 size={22} />,
        title: "Courses, chapters, lessons",
        text: "A clear path through each topic. Lessons are short, with highlighted code examples and a single goal.",
      },
      {
        icon: <IconBrain size={22} />,
        title: "Quizzes with explanations",
        text: "Single and multiple choice. Retry as often as you like; every option explains itself once you answer.",
      },
      {
        icon: <IconNotes size={22} />,
        title: "Reflections",
        text: "Put an idea in your own words. Writing it down is how you find out whether you really understood it.",
      },
      {
        icon: <IconMessageChatbot size={22} />,
        title: "AI tutor",
        text: "Ask questions about the lesson you are on. The tutor guides you toward the answer instead of giving quiz answers away.",
      },
    ],
  },
  {
    id: "progress",
    title: "Stay motivated",
    items: [
      {
        icon: <IconTrophy size={22} />,
        title: "XP and rank",
        text: "Earn XP once per lesson and project. Compare yourself on the all-time and weekly leaderboards.",
      },
      {
        icon: <IconFlame size={22} />,
        title: "Daily streaks",
        text: "Complete something every day in your own time zone. Freeze a streak, or save a broken one with NeonBits.",
      },
      {
        icon: <IconAward size={22} />,
        title: "Chapter badges",
        text: "Every chapter ends with a badge and 20 NeonBits. Finish a course for 100 more.",
      },
      {
        icon: <IconBuildingStore size={22} />,
        title: "Shop",
        text: "Spend NeonBits on streak freezes and XP boosts that double your XP for an hour.",
      },
    ],
  },
  {
    id: "share",
    title: "Build and share",
    items: [
      {
        icon: <IconCode size={22} />,
        title: "Hacks",
        text: "Small HTML, CSS and JavaScript projects with a live site, shareable by link and run in a sandbox.",
      },
      {
        icon: <IconNotes size={22} />,
        title: "Blogs",
        text: "Write in markdown about what you learned. Moderators review posts before they go public.",
      },
      {
        icon: <IconUsersGroup size={22} />,
        title: "Connections",
        text: "Add friends, follow their progress and invite others with your referral link.",
      },
    ],
  },
];

export function FeaturesPage() {
  return (
    <>
      <Band>
        <PageHeader eyebrow="// features" title="Everything in the lab">
          <p>Learning tools, reasons to come back tomorrow, and places to show what you built.</p>
        </PageHeader>
      </Band>
      {GROUPS.map((group, index) => (
        <Band key={group.id} tone={index % 2 === 0 ? "raised" : "plain"} labelledBy={`features-${group.id}`}>
          <h2 id={`features-${group.id}`} className="nl-eyebrow" style={{ fontSize: "1rem", marginTop: 0 }}>
            {`// ${group.title}`}
          </h2>
          <SimpleGrid cols={{ base: 1, sm: 2, md: group.items.length === 3 ? 3 : 4 }} spacing="lg">
            {group.items.map((item) => (
              <FeatureCard key={item.title} icon={item.icon} title={item.title}>
                <p>{item.text}</p>
              </FeatureCard>
            ))}
          </SimpleGrid>
        </Band>
      ))}
      <Band tone="accent">
        <Group justify="center" gap="sm">
          <Button component={Link} to="/register" size="lg">
            Start learning free
          </Button>
          <Button component={Link} to="/pricing" size="lg" variant="default">
            Compare plans
          </Button>
        </Group>
      </Band>
    </>
  );
}
