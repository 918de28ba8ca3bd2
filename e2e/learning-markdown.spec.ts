import type { Course, CourseDetail, LessonDetail } from "@neonlab/shared/schemas/learning";
import { expect, test } from "@playwright/test";
import { prepareApp, visit } from "./helpers/app.ts";
import { signUpViaApi, uniqueEmail } from "./helpers/session.ts";

// The one markdown pipeline, lazily loaded by the lesson page, in a real browser: sanitised (its XSS payloads run in
// packages/shared/src/markdown/pipeline.test.ts) and highlighted.
const HOSTILE_BODY = [
  "Intro with <script>window.pwned = 'script'</script> a script.",
  '<img src="/nope.png" onerror="window.pwned = \'onerror\'"> and <iframe src="https://example.com"></iframe>',
  "[click me](javascript:window.pwned='link') and [MDN](https://developer.mozilla.org) and [next](/courses)",
  '<a href="/courses" onclick="window.pwned = \'onclick\'">inline</a> <span style="color:red">styled</span>',
  "",
  "```js",
  "const answer = 42; // why",
  "```",
].join("\n");

test("lesson markdown is sanitised and code is highlighted in the browser", async ({ page, context, request }) => {
  const user = await signUpViaApi(request, context, { displayName: "Safe Reader", email: uniqueEmail("md") });
  const courses = (await (await request.get("/api/courses")).json()) as Course[];
  const course = courses.find((c) => !c.premium)!;
  const detail = (await (await request.get(`/api/courses/${course.slug}`)).json()) as CourseDetail;
  const slug = detail.chapters[0].lessons[0].slug;
  const lessonPath = `/api/courses/${course.slug}/lessons/${slug}`;
  const real = (await (await request.get(lessonPath, { headers: user.headers })).json()) as LessonDetail;

  const goal = 'Run `ls` <img src="/x.png" onerror="window.pwned = \'goal\'">';
  await page.route(`**${lessonPath}`, (route) => route.fulfill({ json: { ...real, goal, body: HOSTILE_BODY } }));
  await prepareApp(page);
  await visit(page, `/courses/${course.slug}/${slug}`);
  const content = page.locator(`article[data-lesson="${slug}"] [data-markdown]`).first();
  await expect(content.getByText("Intro with")).toBeVisible();

  await expect(content.locator("script, iframe, [onerror], [onclick], [style]")).toHaveCount(0);
  await expect(content.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(content.getByRole("link", { name: "MDN" })).toHaveAttribute("target", "_blank");
  await expect(content.getByRole("link", { name: "MDN" })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(content.locator("pre[data-lang=js] .hljs-keyword")).toHaveText("const");
  await expect(content.locator("pre[data-lang=js] .hljs-number")).toHaveText("42");
  // Inline markdown (the goal) is sanitised too.
  await expect(page.locator("article code", { hasText: /^ls$/ })).toBeVisible();
  await expect(page.locator("article [onerror]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined();

  // A site link inside the lesson navigates in the app, without a reload.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await content.getByRole("link", { name: "next" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
