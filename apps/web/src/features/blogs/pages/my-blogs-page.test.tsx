import { type BlogPage, blogPageSchema, myBlogsSchema } from "@neonlab/shared/schemas/blogs";
import { type OwnProfile, ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearAuthToken, writeAuthToken } from "../../../lib/auth-token.ts";
import { testProfile } from "../../../test/fixtures.ts";
import { mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { MyBlogsPage } from "./my-blogs-page.tsx";

// Who may write (has_access, or staff: the amended rule): My blogs offers "Write a blog" or "Get Pro to write".

const moderator: OwnProfile = { ...testProfile, role: "moderator", has_access: false };
const queue = (total: number): BlogPage => ({ items: [], page: 1, pageSize: 12, total });

function signIn(profile: OwnProfile) {
  writeAuthToken("tok-writer");
  mockGet("/api/profile", ownProfileSchema, profile);
  mockGet("/api/blogs/my-blogs", myBlogsSchema, {
    ...queue(0),
    counts: { draft: 0, pending: 0, published: 0, all: 0 },
  });
}

afterEach(() => clearAuthToken());

describe("My blogs", () => {
  it("lets a moderator without Pro write, with the review queue on the page", async () => {
    signIn(moderator);
    mockGet("/api/blogs/pending", blogPageSchema, queue(0));
    renderApp(<MyBlogsPage />, { path: "/blogs/my-blogs" });
    // The first render waits for the profile (signed in) before it knows who may write.
    expect(await screen.findByRole("button", { name: "Write a blog" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Get Pro to write" })).toBeNull();
    expect(await screen.findByRole("heading", { name: "Review queue (0)" })).toBeTruthy();
  });

  it("still asks a learner without Pro to get it", async () => {
    signIn(testProfile);
    renderApp(<MyBlogsPage />, { path: "/blogs/my-blogs" });
    expect(await screen.findByRole("link", { name: "Get Pro to write" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Write a blog" })).toBeNull();
  });
});
