import { describe, expect, it } from "vitest";
import "./zod-config.ts";

describe("zod's config at the app's start", () => {
  it("is jitless, so no object schema compiles its parser with new Function", async () => {
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: "Ada" })).toEqual({ name: "Ada" });
  });
});
