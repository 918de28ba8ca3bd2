import { SimpleGrid } from "@mantine/core";
import { Link } from "react-router";
import { builtOnly } from "../../components/shell/nav-links.ts";
import { Band, PageHeader } from "./components/page-header.tsx";
import classes from "./tutorials-page.module.css";

const TUTORIALS = [
  {
    id: "first-lesson",
    title: "Your first lesson",
    minutes: 10,
    steps: [
      "Create an account and confirm it with the 6-digit code we e-mail you.",
      "Open Courses and pick a free course; its first lesson is one click away.",
      "Read the lesson, run through its examples and answer each quiz. Wrong answers explain themselves; try again.",
      "Answer the reflection in your own words (at least 10 characters), then press Complete.",
    ],
    link: { to: "/courses", label: "Open courses" },
  },
  {
    id: "streak",
    title: "Keep a streak alive",
    minutes: 3,
    steps: [
      "Complete at least one lesson or project each calendar day, in your own time zone (set it in Settings).",
      "The first completion of a day extends your streak and shows the streak dialog.",
      "Going away? Buy a Streak Freeze in the shop and put it on: a missed day uses the freeze instead.",
      "Missed a day anyway? Within 3 days you can save the streak for 100 NeonBits per missed day.",
    ],
    link: { to: "/help", label: "Streak rules" },
  },
  {
    id: "tutor",
    title: "Ask the AI tutor well",
    minutes: 4,
    steps: [
      "Open the tutor panel beside a lesson; it already knows what the lesson covers.",
      "Say what you tried and where you got stuck, not only “it does not work”.",
      "Ask for a hint or an analogy. The tutor guides you rather than handing out quiz answers.",
      "Free accounts get 20 questions a day, Pro accounts 200.",
    ],
    link: { to: "/features", label: "All features" },
  },
  {
    id: "hack",
    title: "Share a hack",
    minutes: 5,
    steps: [
      "Create a hack from the Hacks page: a small project of HTML, CSS and JavaScript files.",
      "Add an index.html to give it a live site.",
      "Press Share to copy the code link (and the live-site link when there is one).",
      "Anyone with a link can view it; only you can change it.",
    ],
    link: { to: "/hacks", label: "Open hacks" },
  },
  {
    id: "blog",
    title: "Publish a blog post",
    minutes: 6,
    steps: [
      "Blogging is part of NeonLab Pro. Start a post from My blogs.",
      "Write in markdown and add a cover image and inline images (png, jpeg, webp or gif up to 5 MB).",
      "Publish: a moderator reviews the post and it goes public once approved.",
      "Unpublishing returns the post to your drafts.",
    ],
    link: { to: "/pricing", label: "See Pro" },
  },
  {
    id: "neonbits",
    title: "Earn and spend NeonBits",
    minutes: 3,
    steps: [
      "Finish a chapter for 20 NeonBits and a course for 100.",
      "Invite a friend: you get 200 when they confirm their account.",
      "Spend them in the shop: Streak Freeze (150), XP Boost for an hour (250), Streak Freeze ×3 (400).",
      "Your balance never goes below zero; every change is listed in your history.",
    ],
    link: { to: "/shop", label: "Open the shop" },
  },
];

export function TutorialsPage() {
  return (
    <Band>
      <PageHeader eyebrow="// tutorials" title="Get the most out of NeonLab">
        <p>Short walkthroughs of the things learners ask about most. Each takes a few minutes.</p>
      </PageHeader>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {TUTORIALS.map((tutorial, index) => (
          <article
            key={tutorial.id}
            className={`nl-panel ${classes.tutorial}`}
            aria-labelledby={`tutorial-${tutorial.id}`}
          >
            <p className={classes.meta}>
              <span>{String(index + 1).padStart(2, "0")}</span>
              <span>{tutorial.minutes} min</span>
            </p>
            <h2 id={`tutorial-${tutorial.id}`} className={classes.title}>
              {tutorial.title}
            </h2>
            <ol className={classes.steps}>
              {tutorial.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            {builtOnly([tutorial.link]).map((link) => (
              <Link key={link.to} to={link.to} className={classes.link}>
                {link.label} →
              </Link>
            ))}
          </article>
        ))}
      </SimpleGrid>
    </Band>
  );
}
