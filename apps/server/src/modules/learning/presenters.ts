import type { Chapter, ChapterBadge, CourseCategory } from "@neonlab/shared/schemas/learning";
import type { chapterBadges, chapters, courseCategories } from "./schema.ts";

export const presentBadge = (row: Pick<typeof chapterBadges.$inferSelect, "id" | "name" | "image">): ChapterBadge => ({
  id: row.id,
  name: row.name,
  image: row.image,
});

export const presentCategory = (row: typeof courseCategories.$inferSelect): CourseCategory => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
});

export const presentChapter = (
  row: typeof chapters.$inferSelect,
  badge: typeof chapterBadges.$inferSelect,
): Chapter => ({
  id: row.id,
  course_id: row.courseId,
  chapter_order: row.chapterOrder,
  badge_id: row.badgeId,
  slug: row.slug,
  title: row.title,
  intro: row.intro,
  glossary: row.glossary,
  badge: presentBadge(badge),
});
