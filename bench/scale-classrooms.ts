// The classrooms part of `npm run bench -- scale`: one classroom taught by the signed-in user with MEMBERS
// members (the first seeded users) and a bench course of LESSONS lessons (LESSONS / 10 chapters, a quiz per
// lesson) assigned, plus one of its chapters; each member has done about 70% of the lessons, with one or two
// answers per quiz. Measured: the teachers' dashboard, GET /api/classrooms/:id/progress (the members, the
// assignments, then learning's one grouped read of completions and first tries). Its size does not grow with
// the step: the figure is the dashboard of 500 × 40 beside ever larger tables.
import type pg from "pg";

export const MEMBERS = 500;
export const LESSONS = 40;
const CLASSROOM_ID = 1;
export const CLASSROOM_TARGET_MS = 150;
export const CLASSROOM_DASHBOARD = `classroom dashboard (${MEMBERS} × ${LESSONS})`;

export const CLASSROOM_ROUTES = [
  { id: CLASSROOM_DASHBOARD, url: `/api/classrooms/${CLASSROOM_ID}/progress`, signedIn: true },
];

const rnd = (expr: string, salt: number) => `((hashint4(${expr} + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

/** The bench course, the classroom, its members and their progress; `me` teaches it. */
export async function seedClassroom(client: pg.Client, me: string) {
  await client.query(`insert into course_categories (slug, name) values ('bench-classroom', 'Bench classroom')`);
  await client.query(`insert into courses (slug, category_id, title, pitch, cover, level)
    select 'bench-classroom', id, 'Bench classroom', 'Bench.', '/cover.svg', 'beginner' from course_categories
    where slug = 'bench-classroom'`);
  await client.query(`insert into chapter_badges (key, image, name)
    select 'bench-classroom/' || c, '/badge.svg', 'Bench ' || c from generate_series(1, ${LESSONS / 10}) c`);
  await client.query(`insert into chapters (course_id, chapter_order, badge_id, slug, title)
    select co.id, c, b.id, 'bench-' || c, 'Bench chapter ' || c
    from courses co, generate_series(1, ${LESSONS / 10}) c join chapter_badges b on b.key = 'bench-classroom/' || c
    where co.slug = 'bench-classroom'`);
  await client.query(`insert into lessons (course_id, chapter_id, lesson_order, slug, title, goal, body)
    select ch.course_id, ch.id, (ch.chapter_order - 1) * 10 + g, 'class-lesson-' || ((ch.chapter_order - 1) * 10 + g),
      'Lesson ' || g, 'Bench.', 'Bench.'
    from chapters ch join courses co on co.id = ch.course_id, generate_series(1, 10) g
    where co.slug = 'bench-classroom'`);
  await client.query(`insert into quizzes (lesson_id, key, position, type, question, hint, options)
    select l.id, 'q1', 1, 'single', 'Question ' || l.lesson_order || '?', 'A hint.',
      jsonb_build_array(jsonb_build_object('id', 'a', 'text', 'Right', 'correct', true, 'explanation', 'Because.'),
        jsonb_build_object('id', 'b', 'text', 'Wrong', 'correct', false, 'explanation', 'Not so.'))
    from lessons l where l.slug like 'class-lesson-%'`);
  await client.query(
    `insert into classrooms (id, name, time_zone, join_code, created_by) values ($1, 'Bench class', 'Europe/Berlin', 'BENCHC0DE1', $2)`,
    [CLASSROOM_ID, me],
  );
  await client.query(`select setval(pg_get_serial_sequence('classrooms', 'id'), $1)`, [CLASSROOM_ID]);
  await client.query(`insert into classroom_members (classroom_id, user_id, role) values ($1, $2, 'teacher')`, [
    CLASSROOM_ID,
    me,
  ]);
  await client.query(`insert into classroom_members (classroom_id, user_id, role)
    select ${CLASSROOM_ID}, 'scale-' || m, 'member' from generate_series(1, ${MEMBERS}) m`);
  await client.query(`insert into classroom_assignments (classroom_id, kind, target_id, due_date, due_at)
    select ${CLASSROOM_ID}, 'course', id, '2099-06-30', '2099-06-30 22:00+00' from courses where slug = 'bench-classroom'`);
  await client.query(`insert into classroom_assignments (classroom_id, kind, target_id)
    select ${CLASSROOM_ID}, 'chapter', ch.id from chapters ch join courses co on co.id = ch.course_id
    where co.slug = 'bench-classroom' and ch.chapter_order = 2`);
  const done = `${rnd("m * 1000 + l.lesson_order", 41)} < 0.7`;
  await client.query(`insert into completed_lessons (user_id, lesson_id, xp_awarded, created_at)
    select 'scale-' || m, l.id, 10, now() - interval '1 hour' * (m + l.lesson_order)
    from generate_series(1, ${MEMBERS}) m, lessons l where l.slug like 'class-lesson-%' and ${done}`);
  // A first answer (right 3 times in 4), and a second one after a wrong first.
  await client.query(`insert into quiz_attempts (user_id, quiz_id, responses, correct, created_at)
    select 'scale-' || m, q.id, '["a"]'::jsonb, ${rnd("m * 1000 + l.lesson_order", 43)} < 0.75,
      now() - interval '1 hour' * (m + l.lesson_order) - interval '5 minutes'
    from generate_series(1, ${MEMBERS}) m, lessons l join quizzes q on q.lesson_id = l.id
    where l.slug like 'class-lesson-%' and ${done}`);
  await client.query(`insert into quiz_attempts (user_id, quiz_id, responses, correct, created_at)
    select a.user_id, a.quiz_id, '["a"]'::jsonb, true, a.created_at + interval '1 minute'
    from quiz_attempts a join quizzes q on q.id = a.quiz_id join lessons l on l.id = q.lesson_id
    where not a.correct and l.slug like 'class-lesson-%'`);
}
