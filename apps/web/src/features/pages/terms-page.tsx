import { Link } from "react-router";
import { Band, PageHeader, Prose } from "./components/page-header.tsx";

export function TermsPage() {
  return (
    <Band>
      <PageHeader eyebrow="// terms" title="Terms of use">
        <p>The rules of the lab, in plain words.</p>
      </PageHeader>
      <Prose>
        <h2>Your account</h2>
        <p>
          You need a confirmed e-mail address to use an account. Keep your password to yourself; you are responsible for
          what happens under your account. One person, one account.
        </p>
        <h2>Learning content</h2>
        <p>
          Courses, lessons, quizzes and projects are NeonLab's. You may use them to learn, and quote small parts with a
          link back, but not republish them.
        </p>
        <h2>What you create</h2>
        <p>
          Hacks, blogs and other things you create stay yours. By publishing them on NeonLab you allow us to host and
          show them. Anyone holding the link to a hack can view it. Blogs become public once a moderator approves them.
        </p>
        <h2>Fair play</h2>
        <ul>
          <li>No harassment, hate, spam or illegal content, in blogs, hacks, profiles or messages.</li>
          <li>No code in hacks that attacks visitors, other sites or NeonLab itself.</li>
          <li>No automating XP, streaks, votes or referrals, and no multiple accounts to collect rewards.</li>
        </ul>
        <p>Moderators may remove content and we may suspend accounts that break these rules.</p>
        <h2>NeonBits and Pro</h2>
        <p>
          NeonBits are an in-app currency without cash value; they can not be exchanged or transferred. Pro is a
          subscription billed monthly or yearly by our payment provider; cancelling keeps Pro until the end of the paid
          period.
        </p>
        <h2>The AI tutor</h2>
        <p>
          The tutor can be wrong. Treat its answers as help from a fellow learner, not as the final word, and check what
          matters.
        </p>
        <h2>Changes and contact</h2>
        <p>
          We may update these terms; important changes are announced in the app. Questions? Use the{" "}
          <Link to="/contact">contact form</Link>. How we handle personal data is described in the{" "}
          <Link to="/policy">privacy policy</Link>.
        </p>
      </Prose>
    </Band>
  );
}
