import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type satori from "satori";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../errors.ts";
import { hackCardData, hackIdAt, readableById } from "./service.ts";

// The preview card of a hack (1200×630 PNG) for link unfurls: title, owner and the first lines of its
// main file, in the product's dark neon style. Fonts come from the @fontsource packages (WOFF: satori
// reads TTF, OTF and WOFF). Rendered once per hack version and kept in memory (the last 200). satori and
// resvg are imported with the first card, not with the server.

const require = createRequire(import.meta.url);
const font = (pkg: string, file: string) => readFileSync(require.resolve(`${pkg}/files/${file}`));
let fonts: Parameters<typeof satori>[1]["fonts"] | undefined;
const loadFonts = () =>
  (fonts ??= [
    { name: "Orbitron", data: font("@fontsource/orbitron", "orbitron-latin-700-normal.woff"), weight: 700 },
    {
      name: "JetBrains Mono",
      data: font("@fontsource/jetbrains-mono", "jetbrains-mono-latin-400-normal.woff"),
      weight: 400,
    },
    {
      name: "JetBrains Mono",
      data: font("@fontsource/jetbrains-mono", "jetbrains-mono-latin-700-normal.woff"),
      weight: 700,
    },
  ]);

const WIDTH = 1200;
const HEIGHT = 630;
const CACHE_SIZE = 200;
const cache = new Map<string, Promise<Buffer>>();

type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, children },
});

/** The first lines of the file a visitor would look at first (index.html, else the first file). */
export function snippet(files: Array<{ name: string; content: string }>, lines = 7, width = 70) {
  const main = files.find((f) => /^index\.html?$/i.test(f.name)) ?? files[0];
  if (!main) return { name: "", lines: [] as string[] };
  const text = main.content
    .replace(/\t/g, "  ")
    .split(/\r?\n/)
    .filter((line, i, all) => line.trim() !== "" || (i > 0 && all[i - 1]!.trim() !== ""))
    .slice(0, lines)
    .map((line) => (line.length > width ? `${line.slice(0, width - 1)}…` : line));
  return { name: main.name, lines: text };
}

export async function renderCard(card: {
  title: string;
  username: string;
  files: Array<{ name: string; content: string }>;
}) {
  const code = snippet(card.files);
  const tree = el(
    "div",
    {
      width: WIDTH,
      height: HEIGHT,
      display: "flex",
      flexDirection: "column",
      padding: 56,
      background: "linear-gradient(135deg, #05070a 0%, #0b1118 60%, #00242a 100%)",
      color: "#e6edf3",
      fontFamily: "JetBrains Mono",
    },
    [
      el("div", { display: "flex", alignItems: "center", fontSize: 26, color: "#00ffa3", letterSpacing: 2 }, [
        el("div", { fontFamily: "Orbitron", fontWeight: 700 }, "NEONLAB"),
        el("div", { marginLeft: 16, color: "#7d8b99" }, "/ hack"),
      ]),
      el(
        "div",
        {
          marginTop: 28,
          fontFamily: "Orbitron",
          fontWeight: 700,
          fontSize: card.title.length > 32 ? 44 : 56,
          lineHeight: 1.15,
          color: "#ffffff",
          display: "flex",
        },
        card.title.length > 60 ? `${card.title.slice(0, 59)}…` : card.title,
      ),
      el("div", { marginTop: 12, fontSize: 28, color: "#00e5ff" }, `@${card.username}`),
      el(
        "div",
        {
          marginTop: 28,
          display: "flex",
          flexDirection: "column",
          width: WIDTH - 112 - 52,
          height: 250,
          border: "2px solid #00a86b",
          borderRadius: 12,
          background: "rgba(0, 0, 0, 0.55)",
          padding: "18px 24px",
          fontSize: 22,
          overflow: "hidden",
        },
        [
          el("div", { color: "#7d8b99", fontSize: 18, marginBottom: 8 }, code.name),
          ...code.lines.map((line) => el("div", { color: "#c9f7e4", whiteSpace: "pre", height: 30 }, line || " ")),
        ],
      ),
    ],
  );
  const [{ default: satori }, { Resvg }] = await Promise.all([import("satori"), import("@resvg/resvg-js")]);
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width: WIDTH,
    height: HEIGHT,
    fonts: loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: "width", value: WIDTH } }).render().asPng();
}

/** The card of one version of a hack, rendered once. */
function cardOf(id: number, data: NonNullable<Awaited<ReturnType<typeof hackCardData>>>): Promise<Buffer> {
  const key = `${id}:${data.updatedAt.getTime()}`;
  let png = cache.get(key);
  if (!png) {
    png = renderCard({ title: data.title, username: data.username, files: data.files });
    cache.set(key, png);
    png.catch(() => cache.delete(key));
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  return png;
}

/**
 * GET hacks/{id}/card.png: a listed hack's card for anyone, an unlisted one's for its owner only (404 to
 * anyone else, like an id that was never used). `listed` says whether the answer may be cached publicly.
 */
export async function hackCard(ctx: AppContext, id: number, viewerId: string | null) {
  const data = await hackCardData(ctx.db, id);
  if (!data || !readableById(data, viewerId)) throw notFound("This hack does not exist.");
  return { png: await cardOf(id, data), listed: data.listed };
}

/** GET hacks/users/{username}/{slug}/card.png: the card for whoever holds the link (old names too). */
export async function hackCardAt(ctx: AppContext, username: string, slug: string): Promise<Buffer> {
  const id = await hackIdAt(ctx.db, username, slug);
  const data = await hackCardData(ctx.db, id);
  if (!data) throw notFound("This hack does not exist.");
  return cardOf(id, data);
}
