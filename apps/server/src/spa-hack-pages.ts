import type { FastifyInstance } from "fastify";

// A hack's pages as the server sends them (decision 028): the code view carries Open Graph and
// Twitter tags with the generated preview card, so a pasted link unfurls in chat apps; the live-site
// view is the hack running on the preview site, so the app's address redirects there. Asked through
// `inject`, like spa-not-found.ts: the same answers a browser would get.

type HackAnswer = {
  title: string;
  slug: string;
  owner: { username: string; display_name: string | null };
  file_names: string[];
  live_url: string | null;
  card_url: string;
};

const CODE_VIEW = /^\/hack\/([^/]+)\/([^/]+)$/;
const LIVE_VIEW = /^\/hack\/([^/]+)\/view\/([^/]+)$/;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function hackAt(app: FastifyInstance, username: string, slug: string): Promise<HackAnswer | null> {
  const res = await app.inject(`/api/hacks/users/${username}/${slug}`);
  return res.statusCode === 200 ? (res.json() as HackAnswer) : null;
}

/** The head tags of a hack's code view. */
export function hackHeadTags(hack: HackAnswer, pageUrl: string): string {
  const title = `${hack.title} by @${hack.owner.username} · NeonLab`;
  const description = `A hack on NeonLab: ${hack.file_names.slice(0, 5).join(", ")}${hack.file_names.length > 5 ? "…" : ""}. Open it to see the code${hack.live_url ? " and the live site" : ""}.`;
  const tags: [string, string, string][] = [
    ["property", "og:type", "website"],
    ["property", "og:site_name", "NeonLab"],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", pageUrl],
    ["property", "og:image", hack.card_url],
    ["property", "og:image:width", "1200"],
    ["property", "og:image:height", "630"],
    ["property", "og:image:alt", `${hack.title}: the first lines of its code`],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", hack.card_url],
  ];
  return tags
    .map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeAttribute(value)}" />`)
    .join("\n    ");
}

/**
 * What the server sends for a hack page instead of the plain app: a redirect (the live view, to the
 * preview site; an old username or slug of the code view, to the current one), head tags to add (the
 * code view), or null (not a hack page, or no such hack: the caller's 404 rules apply).
 */
export async function hackPageAnswer(
  app: FastifyInstance,
  page: string,
): Promise<{ redirect: string } | { headTags: string } | null> {
  const live = LIVE_VIEW.exec(page);
  if (live) {
    const hack = await hackAt(app, live[1] ?? "", live[2] ?? "");
    return hack?.live_url ? { redirect: hack.live_url } : null;
  }
  const code = CODE_VIEW.exec(page);
  if (!code) return null;
  const hack = await hackAt(app, code[1] ?? "", code[2] ?? "");
  if (!hack) return null;
  const path = `/hack/${encodeURIComponent(hack.owner.username)}/${encodeURIComponent(hack.slug)}`;
  if (path !== page) return { redirect: path };
  // The card's address is built from PUBLIC_URL, the app's own origin.
  return { headTags: hackHeadTags(hack, `${new URL(hack.card_url).origin}${path}`) };
}

/** The document with the tags added at the end of its head. */
export const withHeadTags = (html: string, tags: string) => html.replace("</head>", `    ${tags}\n  </head>`);
