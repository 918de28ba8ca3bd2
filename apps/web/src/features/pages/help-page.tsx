import { Accordion, Button, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "./components/page-header.tsx";
import classes from "./help-page.module.css";
import { YourReports } from "../reports/index.ts";

const FAQ = [
  {
    topic: "Account",
    items: [
      {
        q: "I did not get my confirmation code.",
        a: "Codes arrive within a minute; check your spam folder. A code is valid for 10 minutes and allows 5 wrong tries. You can ask for a new one once a minute with Resend Code.",
      },
      {
        q: "Can I sign in without a password?",
        a: "Yes. Ask for a one-time sign-in code by e-mail on the login page, or continue with Google or GitHub.",
      },
      {
        q: "How do I change my e-mail, password or username?",
        a: "In Settings. A new e-mail address must be confirmed through the link we send to it. Usernames are 3 to 30 characters: lower-case letters, digits, - and _.",
      },
      {
        q: "How do I delete my account?",
        a: "Settings → Account → Delete account. Your profile, progress, private content, published blogs and public hacks are removed. Payment records are kept only as long as the payment provider requires.",
      },
    ],
  },
  {
    topic: "Learning",
    items: [
      {
        q: "When is a lesson complete?",
        a: "When every quiz in it is answered correctly (retries are allowed) and every reflection is answered with at least 10 characters.",
      },
      {
        q: "Why did I not get XP for a lesson?",
        a: "XP is given once per lesson and project. Completing it again shows the dialog without XP. An active XP Boost doubles the XP you earn.",
      },
      {
        q: "How many questions can I ask the AI tutor?",
        a: "20 a day on a free account and 200 with NeonLab Pro. The tutor answers about the lesson you are on.",
      },
    ],
  },
  {
    topic: "Streaks and NeonBits",
    items: [
      {
        q: "How does the daily streak work?",
        a: "Complete at least one lesson or project per calendar day in your time zone. The first completion of a day adds one day. Missing a whole day breaks the streak.",
      },
      {
        q: "What does a Streak Freeze do?",
        a: "While a freeze is on, a missed day uses it up instead of breaking your streak. One freeze can be on at a time, and an unused one can be taken back.",
      },
      {
        q: "Can I save a broken streak?",
        a: "Yes, within 3 days: it costs 100 NeonBits per missed day. If you would rather start over, reset it to zero.",
      },
      {
        q: "How do I earn NeonBits?",
        a: "20 per completed chapter, 100 per completed course, 200 when a friend you invited confirms their account, and from giveaways. You can also buy packs.",
      },
    ],
  },
  {
    topic: "Pro and payments",
    items: [
      {
        q: "What does NeonLab Pro include?",
        a: "Every premium course and project, blogging, and 200 tutor questions a day. The first chapter of a premium course is always free to preview.",
      },
      {
        q: "What happens when I cancel?",
        a: "You keep Pro until the end of the period you paid for. You can reactivate before it ends.",
      },
    ],
  },
];

export function HelpPage() {
  return (
    <>
      <PageHeader eyebrow="// help" title="Help & FAQ">
        <p>Answers to what learners ask most. Still stuck? Send us a message.</p>
      </PageHeader>
      <div className={classes.topics} data-help-topics>
        {FAQ.map((group) => (
          <section key={group.topic} aria-labelledby={`faq-${group.topic}`}>
            <h2 id={`faq-${group.topic}`} className={classes.topic}>
              {group.topic}
            </h2>
            <Accordion variant="separated" radius={0} classNames={{ item: classes.item, control: classes.control }}>
              {group.items.map((item) => (
                <Accordion.Item key={item.q} value={item.q}>
                  <Accordion.Control>{item.q}</Accordion.Control>
                  <Accordion.Panel>
                    <Text>{item.a}</Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        ))}
      </div>
      <YourReports />
      <Group mt={40} gap="sm">
        <Button component={Link} to="/contact">
          Contact support
        </Button>
        <Button component={Link} to="/tutorials" variant="default">
          Read the tutorials
        </Button>
      </Group>
    </>
  );
}
