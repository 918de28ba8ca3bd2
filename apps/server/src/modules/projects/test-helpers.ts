import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { App } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { projects } from "./schema.ts";

/** Files that pass every check of the fixture project neon-sign (its script check as the preview reports it). */
export const SIGN_FILES = [
  {
    name: "index.html",
    content:
      '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body><h1>OPEN</h1><script src="script.js"></script></body></html>',
  },
  { name: "style.css", content: "h1 { text-shadow: 0 0 8px #0ff; }" },
  { name: "script.js", content: 'document.querySelector("h1").classList.add("on");' },
];

export async function projectIdOf(db: Db, slug: string): Promise<number> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.slug, slug));
  if (!row) throw new Error(`no project ${slug}`);
  return row.id;
}

type Headers = { authorization: string };

/** Checks a step through the API (files saved and judged). */
export async function checkStepApi(app: App, headers: Headers, id: number, step: string, files = SIGN_FILES) {
  return app.inject({ method: "POST", url: `/api/projects/${id}/check`, headers, payload: { step, files } });
}

/** Passes both steps of neon-sign: the static one, then the script one with the preview's (honest) report. */
export async function passSign(app: App, headers: Headers, id: number) {
  expect((await checkStepApi(app, headers, id, "markup")).json()).toMatchObject({ passed: true });
  const started = (await checkStepApi(app, headers, id, "blink")).json() as { attempt: { token: string } };
  const report = await app.inject({
    method: "POST",
    url: `/api/projects/${id}/report`,
    headers,
    payload: { step: "blink", token: started.attempt.token, results: [{ id: "blinks", passed: true, message: "" }] },
  });
  expect(report.json()).toMatchObject({ passed: true });
}
