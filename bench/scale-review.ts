// The review part of `npm run bench -- scale`: N review cards spread over the seeded users (N = the size step),
// half of them due, on the quizzes of one free bench course (QUIZZES quizzes, QUIZZES / 10 lessons); the signed-in
// user has a card on every quiz, half due. Measured: GET /api/review (the due count and the next cards): the
// learner's due cards by index, then their quizzes in one read. The cards keep their indexes while they load
// (the unique key drops a user's second card on a quiz).
import type pg from "pg";

const QUIZZES = 500;
const PER_LESSON = 10;

export const REVIEW_ROUTES = [{ id: "review due cards (count + next 5)", url: "/api/review", signedIn: true }];

/** A free bench course: one chapter, QUIZZES / PER_LESSON lessons of PER_LESSON single-choice quizzes each. */
export async function seedReviewContent(client: pg.Client) {
  await client.query(`insert into course_categories (slug, name) values ('bench-review', 'Bench review')`);
  await client.query(`insert into courses (slug, category_id, title, pitch, cover, level)
    select 'bench-review', id, 'Bench review', 'Bench.', '/cover.svg', 'beginner' from course_categories
    where slug = 'bench-review'`);
  await client.query(`insert into chapter_badges (key, image, name) values ('bench-review', '/badge.svg', 'Bench')`);
  await client.query(`insert into chapters (course_id, chapter_order, badge_id, slug, title)
    select c.id, 1, b.id, 'bench', 'Bench' from courses c, chapter_badges b
    where c.slug = 'bench-review' and b.key = 'bench-review'`);
  await client.query(`insert into lessons (course_id, chapter_id, lesson_order, slug, title, goal, body)
    select ch.course_id, ch.id, g, 'lesson-' || g, 'Lesson ' || g, 'Bench.', 'Bench.'
    from chapters ch, generate_series(1, ${QUIZZES / PER_LESSON}) g where ch.slug = 'bench'`);
  await client.query(`insert into quizzes (lesson_id, key, position, type, question, hint, options)
    select l.id, 'q' || p, p, 'single', 'Question ' || l.lesson_order || '.' || p || '?', 'A hint.',
      jsonb_build_array(
        jsonb_build_object('id', 'a', 'text', 'Right', 'correct', true, 'explanation', 'Because.'),
        jsonb_build_object('id', 'b', 'text', 'Wrong', 'correct', false, 'explanation', 'Not so.'),
        jsonb_build_object('id', 'c', 'text', 'Also wrong', 'correct', false, 'explanation', 'Not so either.'))
    from lessons l, generate_series(1, ${PER_LESSON}) p where l.slug like 'lesson-%'`);
}

const firstQuiz = "(select min(id) from quizzes)";

/** Rows from..to, each a card of a user among the first `to` on one of the bench quizzes; every other one due. */
export async function seedReviewRange(client: pg.Client, from: number, to: number) {
  await client.query(`insert into review_cards (user_id, quiz_id, due, state, reps)
    select 'scale-' || (1 + (hashint4(g + 31) & 2147483647) % ${to}), ${firstQuiz} + g % ${QUIZZES},
      now() + case when g % 2 = 0 then interval '-1 hour' else interval '3 days' end * (1 + g % 7), 2, 1 + g % 5
    from generate_series(${from}, ${to}) g
    on conflict do nothing`);
}

/** The signed-in user's cards: one on every bench quiz, half due. */
export async function seedOwnReview(client: pg.Client, me: string) {
  await client.query(`insert into review_cards (user_id, quiz_id, due, state, reps)
    select '${me}', id, now() + case when id % 2 = 0 then interval '-1 hour' else interval '2 days' end, 2, 1
    from quizzes`);
}
