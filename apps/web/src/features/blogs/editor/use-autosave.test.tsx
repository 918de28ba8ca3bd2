import { type BlogEdit, type BlogUpdate, blogEditSchema } from "@neonlab/shared/schemas/blogs";
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockApi, mockError } from "../../../test/http.ts";
import { useAutosave } from "./use-autosave.ts";

const NOW = "2026-11-25T12:00:00.000Z";

/** The PUT answer: the blog as saved, with the server's rendering of `content`. */
const saved = (update: BlogUpdate): BlogEdit =>
  blogEditSchema.parse({
    id: 7,
    slug: "a-post-7",
    title: update.title,
    summary: update.summary,
    status: "draft",
    cover: null,
    category: null,
    tags: update.tags,
    author: { id: "u1", username: "ada", display_name: "Ada", avatar: null },
    readingMinutes: 1,
    votes: { up: 0, down: 0, score: 0, mine: null },
    views: 0,
    publishedAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    content: update.content,
    contentHtml: `<p>${update.content}</p>`,
    url: "http://localhost/blogs/a-post-7",
    images: [],
    rejectionReason: null,
    canEdit: true,
  });

function setup(text: { current: BlogUpdate }) {
  const onSaved = vi.fn();
  const hook = renderHook(() => useAutosave({ blogId: 7, read: () => text.current, hold: () => false, onSaved }));
  return { hook, onSaved };
}

const draft = (content: string, title = "A post"): BlogUpdate => ({
  title,
  summary: "",
  content,
  blogCategoryId: null,
  tags: [],
});

describe("the editor's autosave", () => {
  it("saves the whole text once, a pause after the last change, and hands the answer on", async () => {
    const puts = mockApi("PUT", "/api/blogs/7", blogEditSchema, (request) => saved(request.body as BlogUpdate));
    const text = { current: draft("one") };
    const { hook, onSaved } = setup(text);
    expect(hook.result.current.state.kind).toBe("saved");
    act(() => hook.result.current.touch());
    text.current = draft("one two");
    act(() => hook.result.current.touch());
    expect(hook.result.current.state.kind).toBe("unsaved");
    expect(hook.result.current.pending).toBe(true);
    await waitFor(() => expect(hook.result.current.state.kind).toBe("saved"), { timeout: 4000 });
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toEqual(draft("one two"));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ contentHtml: "<p>one two</p>" }));
    expect(hook.result.current.pending).toBe(false);
  });

  it("sends nothing while the draft can not be saved, and says why", async () => {
    const puts = mockApi("PUT", "/api/blogs/7", blogEditSchema, (request) => saved(request.body as BlogUpdate));
    const text = { current: draft("text", "   ") };
    const { hook } = setup(text);
    act(() => hook.result.current.touch());
    let ok = true;
    await act(async () => {
      ok = await hook.result.current.save();
    });
    expect(ok).toBe(false);
    expect(hook.result.current.state).toEqual({ kind: "invalid", message: "The title is required" });
    expect(puts).toHaveLength(0);
  });

  it("says a failed save, keeps the change and saves it on Retry", async () => {
    mockError(
      "PUT",
      "/api/blogs/7",
      403,
      {
        statusCode: 403,
        statusMessage: "Forbidden",
        message: "Writing blogs needs NeonLab Pro (or access given by an admin).",
      },
      { once: true },
    );
    const text = { current: draft("kept") };
    const { hook } = setup(text);
    act(() => hook.result.current.touch());
    await act(async () => {
      await hook.result.current.save();
    });
    expect(hook.result.current.state).toEqual({
      kind: "error",
      message: "Writing blogs needs NeonLab Pro (or access given by an admin).",
    });
    const puts = mockApi("PUT", "/api/blogs/7", blogEditSchema, (request) => saved(request.body as BlogUpdate));
    await act(async () => {
      expect(await hook.result.current.save()).toBe(true);
    });
    expect(puts.map((request) => request.body)).toEqual([draft("kept")]);
    expect(hook.result.current.state.kind).toBe("saved");
  });
});
