import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_MAX_BYTES, PROJECT_MAX_FILES, projectFileSchema } from "@neonlab/shared/schemas/projects";
import { assetIn, type LoadContext, problem, readMarkdown, rel, subfolders, validate } from "./load-context.ts";
import { type CheckModel, PROJECT_ASSETS_BASE, type ProjectModel, type StepModel } from "./model.ts";
import { projectFrontmatterSchema, stepFrontmatterSchema } from "./project-schemas.ts";

// content/projects/<slug>/: project.md (frontmatter + the brief), cover.svg (the card's art), steps/NN-<key>.md
// (a step's instructions and checks), starter/ (the files a learner starts from). content/README.md, "Guided
// projects".

const STEP_FILE = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
/** The editor shows these first, in this order; other starter files follow by name. */
const FILE_ORDER = ["index.html", "style.css", "script.js"];

/** Every project folder under content/projects (none is not an error: projects are optional). */
export function loadProjects(ctx: LoadContext, categories: Set<string>): ProjectModel[] {
  const dir = join(ctx.root, "projects");
  const projects: ProjectModel[] = [];
  const slugs = new Map<string, string>();
  for (const folder of subfolders(dir)) {
    const project = loadProject(ctx, join(dir, folder), folder, categories);
    if (!project) continue;
    const twin = slugs.get(project.slug);
    if (twin) problem(ctx, project.file, "slug", `duplicate project slug "${project.slug}" (also ${twin})`);
    slugs.set(project.slug, project.file);
    projects.push(project);
  }
  return projects.sort((a, b) => a.slug.localeCompare(b.slug));
}

function loadProject(ctx: LoadContext, dir: string, folder: string, categories: Set<string>): ProjectModel | null {
  const file = rel(ctx, join(dir, "project.md"));
  const md = readMarkdown(ctx, join(dir, "project.md"));
  const meta = md && validate(ctx, file, projectFrontmatterSchema, md.data);
  if (meta && meta.slug !== folder) problem(ctx, file, "slug", `must match the folder name "${folder}"`);
  if (meta && !categories.has(meta.category))
    problem(ctx, file, "category", `"${meta.category}" is not a slug in categories.yaml`);
  if (md && !md.body) problem(ctx, file, "(body)", "the brief (text after the frontmatter) is required");
  const cover = meta
    ? assetIn(ctx, { dir, url: `${PROJECT_ASSETS_BASE}/${folder}`, noun: "project" }, dir, meta.cover, file, "cover")
    : null;
  const starter = loadStarter(ctx, join(dir, "starter"), file);
  const steps = loadSteps(ctx, join(dir, "steps"), file);
  if (!md || !meta || !cover || !starter || steps.length === 0) return null;
  return { file, ...meta, cover, brief: md.body, starter, steps };
}

function loadStarter(ctx: LoadContext, dir: string, file: string): ProjectModel["starter"] | null {
  if (!existsSync(dir)) {
    problem(ctx, file, "starter", "the project has no starter/ folder (its first files, e.g. index.html)");
    return null;
  }
  const files: ProjectModel["starter"] = [];
  for (const name of readdirSync(dir).sort()) {
    const abs = join(dir, name);
    const where = rel(ctx, abs);
    if (name.startsWith(".")) continue;
    if (statSync(abs).isDirectory()) {
      problem(ctx, where, "(folder)", "starter files are flat: no folders");
      continue;
    }
    const parsed = projectFileSchema.safeParse({ name, content: readFileSync(abs, "utf8") });
    if (!parsed.success) {
      problem(ctx, where, "(file)", parsed.error.issues[0]?.message ?? "is not a valid starter file");
      continue;
    }
    files.push(parsed.data);
  }
  if (!files.some((f) => f.name === "index.html")) problem(ctx, file, "starter", "needs an index.html");
  if (files.length > PROJECT_MAX_FILES) problem(ctx, file, "starter", `has more than ${PROJECT_MAX_FILES} files`);
  if (files.reduce((n, f) => n + Buffer.byteLength(f.content), 0) > PROJECT_MAX_BYTES)
    problem(ctx, file, "starter", "holds more than 200 KB");
  const rank = (name: string) => (FILE_ORDER.includes(name) ? FILE_ORDER.indexOf(name) : FILE_ORDER.length);
  return files.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

function loadSteps(ctx: LoadContext, dir: string, file: string): StepModel[] {
  if (!existsSync(dir)) {
    problem(ctx, file, "steps", "the project has no steps/ folder");
    return [];
  }
  const steps: StepModel[] = [];
  const orders = new Map<number, string>();
  const keys = new Map<string, string>();
  for (const entry of readdirSync(dir).sort()) {
    if (!entry.endsWith(".md")) continue;
    const abs = join(dir, entry);
    const stepFile = rel(ctx, abs);
    const match = STEP_FILE.exec(entry);
    if (!match) {
      problem(ctx, stepFile, "(file)", "step files are named NN-<key>.md, e.g. 01-structure.md");
      continue;
    }
    const order = Number(match[1]);
    const key = match[2]!;
    if (orders.has(order)) problem(ctx, stepFile, "(file)", `order ${match[1]} is also used by ${orders.get(order)}`);
    orders.set(order, entry);
    if (keys.has(key)) problem(ctx, stepFile, "(file)", `step key "${key}" is also used by ${keys.get(key)}`);
    keys.set(key, entry);
    const md = readMarkdown(ctx, abs);
    const meta = md && validate(ctx, stepFile, stepFrontmatterSchema, md.data);
    if (md && !md.body)
      problem(ctx, stepFile, "(body)", "the step's instructions (text after the frontmatter) are required");
    if (!md || !meta) continue;
    const checks: CheckModel[] = meta.checks.map((c) => ({
      id: c.id,
      label: c.label,
      rule: c.html
        ? { type: "html", html: c.html }
        : c.css
          ? { type: "css", css: c.css }
          : { type: "script", script: c.script ?? "" },
    }));
    steps.push({ file: stepFile, order, key, title: meta.title, body: md.body, checks });
  }
  if (orders.size === 0) problem(ctx, file, "steps", "the project needs at least one step");
  return steps.sort((a, b) => a.order - b.order);
}
