import { Link } from "react-router";
import { PageHeader, Prose } from "./components/page-header.tsx";

export function PolicyPage() {
  return (
    <>
      <PageHeader eyebrow="// privacy" title="Privacy policy">
        <p>What NeonLab stores about you, why, and how to have it removed.</p>
      </PageHeader>
      <Prose>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account:</strong> your e-mail address, display name, username and a password hash (never the
            password itself), or the identity Google or GitHub confirms when you sign in with them.
          </li>
          <li>
            <strong>Profile:</strong> what you choose to add: avatar, bio, skills, location, work place and links.
          </li>
          <li>
            <strong>Learning:</strong> completed lessons, projects, chapters and courses, quiz and reflection answers,
            XP, streaks, badges, NeonBits history and your AI tutor conversations.
          </li>
          <li>
            <strong>Community:</strong> hacks, blogs, votes, connections, reports and messages you send us.
          </li>
          <li>
            <strong>Technical:</strong> error reports from the app (message, stack and page path) and the IP address of
            requests, used to limit abuse.
          </li>
        </ul>
        <h2>Why</h2>
        <p>
          To run your account and show your progress, to keep the service secure (rate limits, abuse prevention), to
          answer your messages, and to fix errors. We do not sell personal data and do not show third-party ads.
        </p>
        <h2>Cookies and local storage</h2>
        <ul>
          <li>
            <strong>neonlab-auth-token</strong>: keeps you signed in (400 days, first-party, same-site).
          </li>
          <li>
            <strong>neonlab-viewport</strong>: your screen size class, so pages fit your device (365 days).
          </li>
          <li>
            <strong>neonlab-return-path</strong>: the page to return to after signing in (30 minutes).
          </li>
          <li>
            <strong>neonlab-color-scheme</strong> (local storage): your dark or light mode choice.
          </li>
        </ul>
        <p>There are no advertising or cross-site tracking cookies.</p>
        <h2>Who else processes data</h2>
        <p>
          Payments are handled by the payment provider; we never see your card number. When an AI provider serves the
          tutor, your question and the lesson text are sent to it to produce an answer. E-mail is delivered by our mail
          provider.
        </p>
        <h2>How long we keep it</h2>
        <p>
          As long as your account exists. Deleting your account removes your personal data, sessions, private content,
          published blogs and public hacks. Payment records are kept only as long as the payment provider and the law
          require.
        </p>
        <h2>Your rights</h2>
        <p>
          You can see and edit your data in <Link to="/settings">Settings</Link>, delete your account there at any time,
          or <Link to="/contact">contact us</Link> for a copy of your data or any privacy question.
        </p>
      </Prose>
    </>
  );
}
