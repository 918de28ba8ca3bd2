import {
  type ClassroomDetail,
  type ClassroomProgress,
  classroomDetailSchema,
  classroomProgressSchema,
} from "@neonlab/shared/schemas/classrooms";
import { courseSchema } from "@neonlab/shared/schemas/learning";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { mockError, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { ClassroomPage } from "./classroom-page.tsx";

afterEach(cleanup);

const at = "2026-11-25T20:00:00.000Z";
const person = (name: string) => ({
  user_id: `id-${name}`,
  username: name.toLowerCase(),
  display_name: name,
  avatar: null,
});
const assignment = {
  id: 5,
  kind: "course" as const,
  target_id: 1,
  title: "Neon basics",
  context: null,
  path: "/courses/neon-basics",
  premium: false,
  due_date: "2099-06-30",
  due_at: "2099-06-30T22:00:00.000Z",
  created_at: at,
};
const room = (role: "teacher" | "member"): ClassroomDetail => ({
  id: 3,
  name: "Period 3",
  time_zone: "Europe/Berlin",
  role,
  closed: false,
  teachers: [person("Tess")],
  member_count: 2,
  assignment_count: 1,
  created_at: at,
  join_code: role === "teacher" ? "ABCDE12345" : null,
  assignments: [assignment],
  members:
    role === "teacher"
      ? [
          { ...person("Ada"), joined_at: at, has_access: false },
          { ...person("Zed"), joined_at: at, has_access: false },
        ]
      : null,
});
const cell = (done: number, status: "on_time" | "open") => ({
  assignment_id: 5,
  done,
  total: 10,
  last_activity_at: done ? at : null,
  quiz_first_try: done ? 0.5 : null,
  finished_at: done === 10 ? at : null,
  status,
  no_access: false,
});
const progress: ClassroomProgress = {
  classroom_id: 3,
  assignments: [assignment],
  members: [
    { ...person("Ada"), joined_at: at, has_access: false, last_activity_at: at, cells: [cell(2, "open")] },
    { ...person("Zed"), joined_at: at, has_access: false, last_activity_at: at, cells: [cell(10, "on_time")] },
  ],
};

describe("ClassroomPage", { timeout: 30_000 }, () => {
  beforeEach(() => {
    mockGet("/api/courses", z.array(courseSchema), []);
  });

  it("shows teachers the code, the members' progress, sorted on demand, and a member's drill-down", async () => {
    mockGet("/api/classrooms/3", classroomDetailSchema, room("teacher"));
    mockGet("/api/classrooms/3/progress", classroomProgressSchema, progress);
    const user = userEvent.setup();
    renderApp(<ClassroomPage />, { path: "/classrooms/3", route: "/classrooms/:id" });
    expect(await screen.findByText("ABCDE-12345")).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Progress by member" });
    const names = () =>
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((r) => within(r).getAllByRole("cell")[0]!.textContent);
    expect(names()).toEqual(["Ada", "Zed"]);
    await user.click(within(table).getByRole("button", { name: /Lessons done/ }));
    await user.click(within(table).getByRole("button", { name: /Lessons done/ }));
    expect(
      within(table)
        .getByRole("columnheader", { name: /Lessons done/ })
        .getAttribute("aria-sort"),
    ).toBe("descending");
    expect(names()).toEqual(["Zed", "Ada"]);
    await user.click(within(table).getByRole("button", { name: "Ada" }));
    const detail = await screen.findByRole("region", { name: "Ada (@ada)" });
    expect(within(detail).getByText("2 / 10")).toBeTruthy();
    expect(within(detail).getByText("In progress")).toBeTruthy();
  });

  it("shows members the teachers and the assignment with its due date, and no progress of others", async () => {
    mockGet("/api/classrooms/3", classroomDetailSchema, room("member"));
    renderApp(<ClassroomPage />, { path: "/classrooms/3", route: "/classrooms/:id" });
    expect(await screen.findByRole("link", { name: "Neon basics" })).toBeTruthy();
    expect(screen.getByText(/^Due /)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Tess" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Leave classroom" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says not found for a classroom the caller is not in", async () => {
    mockError("GET", "/api/classrooms/3", 404, {
      statusCode: 404,
      statusMessage: "Not Found",
      message: "There is no such classroom.",
    });
    renderApp(<ClassroomPage />, { path: "/classrooms/3", route: "/classrooms/:id" });
    expect(await screen.findByText("Classroom not found")).toBeTruthy();
  });
});
