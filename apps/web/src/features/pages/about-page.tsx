import { Button, Group, SimpleGrid } from "@mantine/core";
import { IconEye, IconHeartHandshake, IconRocket, IconTool } from "@tabler/icons-react";
import { Link } from "react-router";
import { FeatureCard, PageHeader, Prose } from "./components/page-header.tsx";

const VALUES = [
  {
    icon: <IconTool size={22} />,
    title: "Do, then read more",
    text: "Every lesson ends in something you type, answer or build. Reading alone does not make a developer.",
  },
  {
    icon: <IconEye size={22} />,
    title: "Explain every answer",
    text: "Right or wrong, each quiz option says why. Mistakes are where most of the learning happens.",
  },
  {
    icon: <IconRocket size={22} />,
    title: "Small steps, every day",
    text: "Ten focused minutes a day beat a weekend marathon. Streaks and XP exist to make that habit stick.",
  },
  {
    icon: <IconHeartHandshake size={22} />,
    title: "Learn in the open",
    text: "Share hacks, write about what you learned and help the next learner who is one chapter behind you.",
  },
];

export function AboutPage() {
  return (
    <>
      <PageHeader eyebrow="// about" title="A lab where learning to code feels like play">
        <p>
          NeonLab teaches technical skills the way they stick: by doing them, in small steps, with feedback on every
          answer and a reason to come back tomorrow.
        </p>
      </PageHeader>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb={48}>
        {VALUES.map((value) => (
          <FeatureCard key={value.title} icon={value.icon} title={value.title} level={2}>
            <p>{value.text}</p>
          </FeatureCard>
        ))}
      </SimpleGrid>
      <Prose>
        <h2>What NeonLab is</h2>
        <p>
          NeonLab is a web app for hands-on technical learning. Courses are made of chapters, chapters of short lessons.
          A lesson explains one idea with real code, checks it with quizzes and asks you to reflect in your own words.
          Each lesson has an AI tutor that knows what the lesson covers and helps you think, rather than handing you the
          answer.
        </p>
        <p>
          You earn experience points (XP) for every lesson and project you complete, keep a daily streak, and win a
          badge for every chapter. NeonBits, the lab's currency, buy streak freezes and XP boosts in the shop.
        </p>
        <h2>Who it is for</h2>
        <ul>
          <li>Beginners who want a guided, friendly first step into web development.</li>
          <li>Self-taught developers filling gaps: the command line, Git, security, the parts tutorials skip.</li>
          <li>Anyone who learns better with a little game around the work.</li>
        </ul>
        <h2>Free and Pro</h2>
        <p>
          Public courses are free, with every feature that makes them work: quizzes, reflections, the tutor, XP, streaks
          and badges. NeonLab Pro unlocks the premium courses and projects, blogging and a larger daily allowance of
          tutor questions. The first chapter of every premium course is a free preview.
        </p>
      </Prose>
      <Group gap="sm" mt={36}>
        <Button component={Link} to="/courses">
          Browse courses
        </Button>
        <Button component={Link} to="/contact" variant="default">
          Talk to us
        </Button>
      </Group>
    </>
  );
}
