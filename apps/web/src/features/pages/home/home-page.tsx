import { Button, Group, SimpleGrid, Skeleton } from "@mantine/core";
import {
  IconArrowRight,
  IconAward,
  IconBolt,
  IconBrain,
  IconCode,
  IconFlame,
  IconMessageChatbot,
  IconUsersGroup,
} from "@tabler/icons-react";
import { lazy } from "react";
import { Link } from "react-router";
import { NearViewport } from "../../../lib/hydrated.tsx";
import { useSession } from "../../../lib/session.tsx";
import { useNextLesson } from "../../courses/index.ts";
import { Band, FeatureCard } from "../components/page-header.tsx";
import classes from "./home-page.module.css";
import { Terminal } from "./terminal.tsx";

// The carousel (Splide) sits below the fold and loads after the hero.
const CourseSlides = lazy(() => import("./course-slides.tsx").then((m) => ({ default: m.CourseSlides })));

const STEPS = [
  { n: "01", title: "Pick a course", text: "Start with a free course or preview the first chapter of any Pro course." },
  {
    n: "02",
    title: "Learn by doing",
    text: "Read a short lesson, answer its quizzes, reflect, and ask the AI tutor when stuck.",
  },
  { n: "03", title: "Level up", text: "Earn XP, keep your daily streak alive and collect a badge for every chapter." },
];

const FEATURES = [
  {
    icon: <IconCode size={22} />,
    title: "Hands-on lessons",
    text: "Short, focused lessons with real code examples you can read, run and change.",
  },
  {
    icon: <IconBrain size={22} />,
    title: "Quizzes that explain",
    text: "Every answer comes with an explanation, so a wrong answer still teaches you something.",
  },
  {
    icon: <IconMessageChatbot size={22} />,
    title: "An AI tutor per lesson",
    text: "It knows the lesson you are on and guides you toward the answer instead of handing it over.",
  },
  {
    icon: <IconFlame size={22} />,
    title: "Daily streaks",
    text: "Learn a little every day. Freeze a streak when life happens, or save it with NeonBits.",
  },
  {
    icon: <IconAward size={22} />,
    title: "Badges and rank",
    text: "A badge for every chapter and a weekly leaderboard to measure yourself against.",
  },
  {
    icon: <IconUsersGroup size={22} />,
    title: "Hacks and community",
    text: "Share small web projects by link, write blogs and connect with other learners.",
  },
];

export function HomePage() {
  const { status } = useSession();
  const signedIn = status === "signed-in";
  const { next } = useNextLesson();
  return (
    <>
      <section className={classes.hero} aria-labelledby="home-title">
        <div className={classes.heroInner}>
          <div className={classes.heroCopy}>
            <p className="nl-eyebrow">{"// hands-on technical learning"}</p>
            <h1 id="home-title" className={classes.heroTitle}>
              Learn to code by <span className="nl-gradient-text">hacking on real things</span>.
            </h1>
            <p className={classes.heroLead}>
              NeonLab is a lab for learners: bite-sized lessons, quizzes that explain themselves, an AI tutor that knows
              the lesson, and XP, streaks and badges that keep you coming back tomorrow.
            </p>
            <Group gap="sm" mt="xl">
              <Button
                component={Link}
                to={signedIn ? (next?.path ?? "/courses") : "/register"}
                size="lg"
                rightSection={<IconArrowRight size={18} />}
              >
                {signedIn ? "Continue learning" : "Start learning free"}
              </Button>
              <Button component={Link} to="/features" size="lg" variant="default">
                See how it works
              </Button>
            </Group>
            <ul className={classes.heroFacts}>
              <li>
                <IconBolt size={16} aria-hidden="true" /> XP for every lesson
              </li>
              <li>
                <IconFlame size={16} aria-hidden="true" /> Daily streaks
              </li>
              <li>
                <IconAward size={16} aria-hidden="true" /> A badge per chapter
              </li>
            </ul>
          </div>
          <Terminal />
        </div>
      </section>

      <Band tone="raised" labelledBy="featured-title">
        <div className={classes.sectionHead}>
          <p className="nl-eyebrow">{"// featured"}</p>
          <h2 id="featured-title" className={classes.sectionTitle}>
            Courses to start with
          </h2>
        </div>
        <NearViewport fallback={<Skeleton height={300} radius={0} />}>
          <CourseSlides />
        </NearViewport>
      </Band>

      <Band labelledBy="steps-title">
        <div className={classes.sectionHead}>
          <p className="nl-eyebrow">{"// how it works"}</p>
          <h2 id="steps-title" className={classes.sectionTitle}>
            Three steps, every day
          </h2>
        </div>
        <ol className={classes.steps}>
          {STEPS.map((step) => (
            <li key={step.n} className={classes.step}>
              <span className={classes.stepNumber} aria-hidden="true">
                {step.n}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Band>

      <Band tone="raised" labelledBy="features-title">
        <div className={classes.sectionHead}>
          <p className="nl-eyebrow">{"// inside the lab"}</p>
          <h2 id="features-title" className={classes.sectionTitle}>
            Everything you need to keep going
          </h2>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <FeatureCard key={feature.title} icon={feature.icon} title={feature.title}>
              <p>{feature.text}</p>
            </FeatureCard>
          ))}
        </SimpleGrid>
      </Band>

      <Band tone="accent" labelledBy="cta-title">
        <div className={classes.cta}>
          <h2 id="cta-title" className={classes.sectionTitle}>
            Your first lesson takes ten minutes.
          </h2>
          <p>Free courses are free forever. Pro unlocks every course, blogging and more AI tutor questions.</p>
          <Group gap="sm" justify="center">
            <Button component={Link} to={signedIn ? "/courses" : "/register"} size="lg">
              {signedIn ? "Open courses" : "Create your account"}
            </Button>
            <Button component={Link} to="/pricing" size="lg" variant="default">
              Compare plans
            </Button>
          </Group>
        </div>
      </Band>
    </>
  );
}
