import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import type { ReviewCard } from "@neonlab/shared/schemas/review";
import type { TutorInfo } from "@neonlab/shared/schemas/tutor";

/** A signed-in learner's own profile, as GET /api/profile answers it. */
export const testProfile: OwnProfile = {
  id: "u1",
  display_name: "Ada Lovelace",
  username: "ada",
  bio: null,
  skills: [],
  location: null,
  work_place: null,
  github_link: null,
  twitter_link: null,
  linkedin_link: null,
  youtube_link: null,
  patreon_link: null,
  buy_me_a_coffe_link: null,
  avatar: null,
  role: "user",
  xp: 0,
  streak: 0,
  created_at: "2024-01-01T00:00:00.000Z",
  email: "ada@example.test",
  notifications: true,
  editor_preferences: { theme: "cyberpunk", fontFamily: "Roboto", fontSize: 14, lineHeight: 20 },
  has_access: false,
  time_zone: "UTC",
  neonbits: 0,
};

/** GET /api/lessons/{id}/openai for lesson 11: the offline assistant, no conversation yet. */
export const testTutorInfo: TutorInfo = {
  lesson_id: 11,
  assistant_id: "lesson-11",
  offline_assistant_id: "lesson-11-offline",
  kind: "offline",
  model: "offline",
  questions_per_day: 20,
  questions_left: 20,
  resets_at: "2026-11-26T00:00:00.000Z",
  time_zone: "UTC",
  threads: [],
};

/** A due review card (GET /api/review): the "Paths" lesson's quiz, options without answers. */
export const testReviewCard: ReviewCard = {
  id: 7,
  due: new Date().toISOString(),
  quiz: {
    id: 3,
    key: "paths",
    type: "single",
    question: "Which path is absolute?",
    options: [
      { id: "aaaaaaaaaa", text: "`/etc/hosts`" },
      { id: "bbbbbbbbbb", text: "`docs/readme`" },
    ],
  },
  lesson: {
    course_slug: "linux",
    lesson_slug: "paths",
    title: "Paths",
    anchor: "quiz-paths",
    path: "/courses/linux/paths#quiz-paths",
  },
};
