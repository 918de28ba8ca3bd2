import { afterEach, describe, expect, it, vi } from "vitest";
import { currentBuildId, isNewBuildAvailable, watchAppUpdates } from "./app-update.ts";

const answer = (buildId: string) => vi.fn(async () => new Response(JSON.stringify({ buildId }), { status: 200 }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("app update check", () => {
  it("compares the server's build id with the bundle's", async () => {
    expect(currentBuildId()).toBe("test-build");
    expect(await isNewBuildAvailable(answer("test-build"))).toBe(false);
    expect(await isNewBuildAvailable(answer("next-build"))).toBe(true);
    expect(await isNewBuildAvailable(answer("dev"))).toBe(false);
    expect(await isNewBuildAvailable(vi.fn(async () => new Response("", { status: 503 })))).toBe(false);
  });

  it("polls and calls the hook once when a new build is deployed", async () => {
    vi.useFakeTimers();
    const fetchMock = answer("test-build");
    vi.stubGlobal("fetch", fetchMock);
    const onUpdate = vi.fn();
    const stop = watchAppUpdates(onUpdate, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onUpdate).not.toHaveBeenCalled();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ buildId: "next-build" })));
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    stop();
  });
});
