import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  needsBuild,
  readWebBuildStamp,
  STAMP_FILE,
  webBuildEnv,
  webBuildStamp,
  writeWebBuildStamp,
} from "./web-build-stamp.mjs";

const FILES = "a".repeat(64);

describe("the web build's environment", () => {
  it("is NODE_ENV as Vite sees it (production when unset or empty), BUILD_ID when set and every VITE_ variable", () => {
    expect(webBuildEnv({})).toEqual({ NODE_ENV: "production" });
    expect(webBuildEnv({ NODE_ENV: "" })).toEqual({ NODE_ENV: "production" });
    expect(webBuildEnv({ NODE_ENV: "development", PATH: "/bin", PORT: "3000" })).toEqual({ NODE_ENV: "development" });
    expect(webBuildEnv({ VITE_B: "2", BUILD_ID: "v7", VITE_A: "" })).toEqual({
      NODE_ENV: "production",
      BUILD_ID: "v7",
      VITE_A: "",
      VITE_B: "2",
    });
  });
});

describe("whether the web app must be built again", () => {
  const production = webBuildStamp(FILES, webBuildEnv({ NODE_ENV: "production" }));
  const development = webBuildStamp(FILES, webBuildEnv({ NODE_ENV: "development" }));

  it("records the mode the build was made for", () => {
    expect(production.mode).toBe("production");
    expect(development.mode).toBe("development");
    expect(webBuildStamp(FILES, webBuildEnv({})).mode).toBe("production");
  });

  it("is not when the same files were built for the same mode and environment", () => {
    expect(needsBuild(webBuildStamp(FILES, webBuildEnv({ NODE_ENV: "production" })), production)).toBe(false);
    // Variables the build does not read change nothing.
    expect(needsBuild(production, webBuildStamp(FILES, webBuildEnv({ PORT: "3977", HOST: "0.0.0.0" })))).toBe(false);
  });

  it("is when the mode changed, either way", () => {
    expect(needsBuild(development, production)).toBe(true);
    expect(needsBuild(production, development)).toBe(true);
    expect(needsBuild(production, webBuildStamp(FILES, webBuildEnv({ NODE_ENV: "test" })))).toBe(true);
  });

  it("is when the files, BUILD_ID or a VITE_ variable changed", () => {
    expect(needsBuild(production, webBuildStamp("b".repeat(64), webBuildEnv({})))).toBe(true);
    expect(needsBuild(production, webBuildStamp(FILES, webBuildEnv({ BUILD_ID: "v2" })))).toBe(true);
    expect(needsBuild(production, webBuildStamp(FILES, webBuildEnv({ VITE_API: "x" })))).toBe(true);
  });

  it("is without a stamp, or with one from before the mode was recorded (a bare hash)", () => {
    expect(needsBuild(null, production)).toBe(true);
    expect(needsBuild({ mode: null, hash: production.hash }, production)).toBe(true);
  });
});

describe("the stamp in dist/", () => {
  let dist;
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it("is written and read back as one JSON line", () => {
    dist = mkdtempSync(join(tmpdir(), "web-stamp-"));
    const stamp = webBuildStamp(FILES, webBuildEnv({ NODE_ENV: "development" }));
    writeWebBuildStamp(dist, stamp);
    expect(readWebBuildStamp(dist)).toEqual(stamp);
    const text = readFileSync(join(dist, STAMP_FILE), "utf8");
    expect(text.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(text)).toEqual(stamp);
  });

  it("reads as null when missing, and with no mode when it is an older plain hash or unreadable", () => {
    dist = mkdtempSync(join(tmpdir(), "web-stamp-"));
    expect(readWebBuildStamp(dist)).toBeNull();
    writeFileSync(join(dist, STAMP_FILE), `${FILES}\n`);
    expect(readWebBuildStamp(dist)).toEqual({ mode: null, hash: FILES });
    // A hash of digits only is valid JSON (a number); still a plain hash.
    writeFileSync(join(dist, STAMP_FILE), "1234567890\n");
    expect(readWebBuildStamp(dist)).toEqual({ mode: null, hash: "1234567890" });
    writeFileSync(join(dist, STAMP_FILE), '{"mode":7}');
    expect(readWebBuildStamp(dist)?.mode).toBeNull();
  });
});
