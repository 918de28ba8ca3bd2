import type { BlogCategory, BlogEdit } from "@neonlab/shared/schemas/blogs";
import { type APIRequestContext, expect, request as apiRequest, test } from "@playwright/test";
import sharp from "sharp";
import { signInAdmin } from "./admin.ts";
import { type E2eUser, signUpViaApi } from "./session.ts";

/**
 * A PNG picture (a gradient, a grid and a label) as an author would upload it: drawn as SVG and turned into
 * PNG here, because the API takes PNG, JPEG, WebP or GIF only.
 */
export async function picture(label: string, [from, to]: [string, string], width = 1280, height = 720) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
      <pattern id="p" width="48" height="48" patternUnits="userSpaceOnUse">
        <path d="M48 0H0V48" fill="none" stroke="rgba(255,255,255,0.18)" stroke-width="2"/></pattern></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#p)"/>
    <text x="50%" y="54%" font-family="DejaVu Sans Mono, monospace" font-size="${Math.round(height / 9)}"
      font-weight="700" fill="#ffffff" text-anchor="middle">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A file for Playwright's upload calls and file choosers. */
export const pngFile = async (name: string, colors: [string, string]) => ({
  name,
  mimeType: "image/png",
  buffer: await picture(name.replace(/\.png$/, ""), colors),
});

/** The e2e admin (a moderator-type role: its own publish is immediate), from a request context of its own. */
export async function moderatorHeaders() {
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await signInAdmin(api);
  await api.dispose();
  return admin;
}

/** A user with NeonLab Pro, paid through the built-in test provider (as e2e/payments.spec.ts does). */
export async function proUser(request: APIRequestContext, displayName: string): Promise<E2eUser> {
  const user = await signUpViaApi(request, undefined, { displayName });
  const session = await request.post("/api/stripe/create-subscription-session", {
    headers: user.headers,
    data: { priceId: "price_pro_monthly" },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const { url } = (await session.json()) as { url: string };
  const paid = await request.post(`${new URL(url).pathname}/pay`, { form: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return user;
}

export async function blogCategories(request: APIRequestContext) {
  const res = await request.get("/api/blogs/categories");
  expect(res.ok()).toBe(true);
  return (await res.json()) as BlogCategory[];
}

/**
 * A blog written through the API by `headers`' user (the admin's publish is immediate): cover, text,
 * category; published unless `publish` is false.
 */
export async function blogViaApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  {
    title,
    summary,
    content,
    categorySlug,
    tags = [],
    cover,
    publish = true,
  }: {
    title: string;
    summary: string;
    content: string;
    categorySlug?: string;
    tags?: string[];
    cover?: [string, string];
    publish?: boolean;
  },
): Promise<BlogEdit> {
  const categories = await blogCategories(request);
  const category = categories.find((c) => c.slug === categorySlug) ?? categories[0]!;
  const created = await request.post("/api/blogs", { headers, data: {} });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as BlogEdit;
  if (cover) {
    const up = await request.patch(`/api/blogs/${id}/upload-cover`, {
      headers,
      multipart: { cover: await pngFile(`${tags[0] ?? "cover"}.png`, cover) },
    });
    expect(up.ok(), await up.text()).toBe(true);
  }
  const saved = await request.put(`/api/blogs/${id}`, {
    headers,
    data: { title, summary, content, blogCategoryId: category.id, tags },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  if (!publish) return (await saved.json()) as BlogEdit;
  const published = await request.patch(`/api/blogs/${id}/publish`, { headers });
  expect(published.ok(), await published.text()).toBe(true);
  return (await published.json()) as BlogEdit;
}
