import {
  chapterBadgeSchema,
  chapterSchema,
  courseCategorySchema,
  courseDetailSchema,
  courseSchema,
} from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createUser } from "../../test/users.ts";
import { completeLessonApi, createLearningApp, grantAccess, lessonId, prepareLesson } from "./test-helpers.ts";

describe("catalog API", async () => {
  const app = await createLearningApp();
  const get = (url: string, headers?: Record<string, string>) => app.inject({ method: "GET", url, headers });

  it("lists categories in file order", async () => {
    const res = await get("/api/course-categories");
    expect(res.statusCode).toBe(200);
    const categories = z.array(courseCategorySchema).parse(res.json());
    expect(categories.map((c) => c.slug)).toEqual(["command-line", "security"]);
  });

  it("lists courses by category ordered by id, without progress for anonymous callers", async () => {
    const all = z.array(courseSchema).parse((await get("/api/courses")).json());
    expect(all.map((c) => c.slug)).toEqual(["neon-basics", "neon-pro"]);
    expect(all[0]).toMatchObject({
      premium: false,
      chapter_count: 2,
      lesson_count: 4,
      progress: null,
      level: "beginner",
    });
    expect(all[0].cover).toMatch(/^\/api\/content-assets\/neon-basics\/cover\.svg\?v=/);
    const security = all[1].category_id;
    const filtered = (await get(`/api/courses?categoryId=${security}`)).json();
    expect(filtered.map((c: { slug: string }) => c.slug)).toEqual(["neon-pro"]);
    const bad = await get("/api/courses?categoryId=abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("categoryId");
  });

  it("lists public courses newest first with the caller's limit", async () => {
    const res = await get("/api/courses/public?limit=5");
    expect(res.json().map((c: { slug: string }) => c.slug)).toEqual(["neon-basics"]);
    expect((await get("/api/courses/public?limit=0")).statusCode).toBe(400);
    expect((await get("/api/courses/public?limit=1000")).statusCode).toBe(400);
  });

  it("returns one course by slug with chapters in order, or 404", async () => {
    const res = await get("/api/courses/neon-pro");
    expect(res.statusCode).toBe(200);
    const course = courseDetailSchema.parse(res.json());
    expect(course.chapters.map((c) => [c.chapter_order, c.slug, c.preview])).toEqual([
      [1, "preview", true],
      [2, "deep-dive", false],
    ]);
    expect(course.has_access).toBe(false);
    expect(course.chapters[0].lessons.map((l) => [l.slug, l.locked])).toEqual([
      ["welcome", false],
      ["setup", false],
    ]);
    expect(course.chapters[1].lessons.every((l) => l.locked)).toBe(true);
    expect(course.chapters[0].badge.name).toBe("Preview Pass");
    const missing = await get("/api/courses/no-such-course");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, message: "Course not found." });
  });

  it("shows the signed-in user's progress and access", async () => {
    const user = await createUser(app);
    const id = await lessonId(app.ctx.db, "neon-basics", "first-command");
    await prepareLesson(app, user, id);
    expect((await completeLessonApi(app, user, id)).statusCode).toBe(200);
    const list = (await get("/api/courses", user.headers)).json();
    expect(list[0].progress).toEqual({ completed_lessons: 1, total_lessons: 4, completed: false });
    const detail = courseDetailSchema.parse((await get("/api/courses/neon-basics", user.headers)).json());
    expect(detail.chapters[0].lessons.map((l) => l.completed)).toEqual([true, false]);
    await grantAccess(app.ctx.db, user.id);
    const pro = courseDetailSchema.parse((await get("/api/courses/neon-pro", user.headers)).json());
    expect(pro.has_access).toBe(true);
    expect(pro.chapters.flatMap((c) => c.lessons).some((l) => l.locked)).toBe(false);
  });

  it("returns a chapter and a chapter badge by id, 404 or 400 otherwise", async () => {
    const course = courseDetailSchema.parse((await get("/api/courses/neon-basics")).json());
    const chapter = chapterSchema.parse((await get(`/api/chapters/${course.chapters[0].id}`)).json());
    expect(chapter).toMatchObject({ slug: "terminal", chapter_order: 1 });
    expect(chapter.glossary).toEqual([
      { term: "Shell", definition: "The program that reads your commands and runs them." },
    ]);
    const badge = chapterBadgeSchema.parse((await get(`/api/chapter-badges/${chapter.badge_id}`)).json());
    expect(badge).toEqual(chapter.badge);
    expect((await get("/api/chapters/999999")).statusCode).toBe(404);
    expect((await get("/api/chapter-badges/999999")).statusCode).toBe(404);
    const bad = await get("/api/chapters/abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });

  it("serves content images publicly with long caching for versioned URLs", async () => {
    const course = courseDetailSchema.parse((await get("/api/courses/neon-basics")).json());
    const cover = await get(course.cover);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers["content-type"]).toContain("image/svg+xml");
    expect(cover.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(cover.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(cover.body).toContain("<svg");
    expect((await get(course.chapters[1].badge.image)).statusCode).toBe(200);
    expect((await get("/api/content-assets/neon-basics/nope.svg")).statusCode).toBe(404);
    expect((await get("/api/content-assets/neon-basics/course.md")).statusCode).toBe(404);
    expect((await get("/api/content-assets/neon-basics/..%2f..%2fcategories.yaml")).statusCode).toBe(404);
    const outside = await get("/api/content-assets/neon-basics/%2e%2e/%2e%2e/%2e%2e/package.json");
    // The URL normalises to /package.json, outside /api: the SPA fallback answers, never the file.
    expect(outside.body).not.toContain('"name": "neonlab"');
  });
});
