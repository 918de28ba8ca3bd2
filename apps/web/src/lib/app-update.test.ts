import { buildInfoSchema } from "@neonlab/shared/schemas/common";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockError, mockGet } from "../test/http.ts";
import { currentBuildId, isNewBuildAvailable, watchAppUpdates } from "./app-update.ts";

const deployed = (buildId: string) => mockGet("/api/build", buildInfoSchema, { buildId });

afterEach(() => vi.useRealTimers());

describe("app update check", () => {
  it("compares the server's build id with the bundle's", async () => {
    expect(currentBuildId()).toBe("test-build");
    deployed("test-build");
    expect(await isNewBuildAvailable()).toBe(false);
    deployed("next-build");
    expect(await isNewBuildAvailable()).toBe(true);
    deployed("dev");
    expect(await isNewBuildAvailable()).toBe(false);
    mockError("GET", "/api/build", 503, { statusCode: 503, statusMessage: "Service Unavailable", message: "Busy" });
    expect(await isNewBuildAvailable()).toBe(false);
  });

  it("polls and calls the hook once when a new build is deployed", async () => {
    vi.useFakeTimers();
    const checks = deployed("test-build");
    const onUpdate = vi.fn();
    const stop = watchAppUpdates(onUpdate, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(checks).toHaveLength(1));
    expect(onUpdate).not.toHaveBeenCalled();
    const later = deployed("next-build");
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(onUpdate).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(1000);
    expect(later).toHaveLength(1);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    stop();
  });
});
