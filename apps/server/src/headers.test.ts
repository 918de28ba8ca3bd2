import { describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY } from "./lib/security-headers.ts";
import { PREVIEW_HEADERS } from "./modules/hacks/preview-site.ts";
import { createTestApp } from "./test/test-app.ts";
import { createUser } from "./test/users.ts";

describe("security and caching headers", async () => {
  const app = await createTestApp();
  const user = await createUser(app, { displayName: "Header Reader" });
  const username = (await app.inject({ url: "/api/profile", headers: user.headers })).json().username as string;

  it.each([
    ["/api/profile"],
    ["/api/users/ledger"],
    ["/api/users/activities"],
    ["/api/users/streak"],
    ["/api/courses"],
    ["/api/auth/get-session"],
  ])("never lets a cache keep the personal answer of %s", async (url) => {
    const res = await app.inject({ url, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("sends no-store on a personal route's refusal too", async () => {
    const res = await app.inject({ url: "/api/profile" });
    expect(res.statusCode).toBe(401);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("counts a route that reads the session when sent (optional) as personal", async () => {
    const profile = await app.inject({ url: `/api/profiles/${username}`, headers: user.headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers["cache-control"]).toBe("no-store");
  });

  it("leaves public answers cacheable, even to a signed-in caller", async () => {
    for (const url of ["/api/course-categories", "/api/health"]) {
      const res = await app.inject({ url, headers: user.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBeUndefined();
    }
  });

  it("denies framing the same way twice and powerful features, on pages and API answers", async () => {
    for (const url of ["/", "/api/profile", "/api/docs"]) {
      const res = await app.inject({ url, headers: user.headers });
      expect(res.headers["x-frame-options"], url).toBe("DENY");
      expect(res.headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
      expect(res.headers["permissions-policy"], url).toBe(PERMISSIONS_POLICY);
    }
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"]) {
      expect(PERMISSIONS_POLICY).toContain(feature);
    }
  });

  it("names only features Chromium knows in Permissions-Policy, on the app and on the preview site", () => {
    // Chromium warns on every page load about a name it does not know ("bluetooth" is one).
    const known = new Set(
      `accelerometer ambient-light-sensor autoplay browsing-topics camera clipboard-read clipboard-write
      display-capture encrypted-media fullscreen gamepad geolocation gyroscope hid idle-detection local-fonts
      magnetometer microphone midi payment picture-in-picture publickey-credentials-create
      publickey-credentials-get screen-wake-lock serial storage-access usb web-share window-management
      xr-spatial-tracking`.split(/\s+/),
    );
    for (const policy of [PERMISSIONS_POLICY, PREVIEW_HEADERS["permissions-policy"] ?? ""]) {
      const features = policy.split(",").map((entry) => entry.trim().split("=")[0] ?? "");
      expect(features.length).toBeGreaterThan(5);
      expect(
        features.filter((feature) => !known.has(feature)),
        policy,
      ).toEqual([]);
    }
  });

  it("does not upgrade requests on a plain-http install", async () => {
    const page = await app.inject({ url: "/" });
    expect(page.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
  });
});

describe.each([
  ["https://neonlab.example", true],
  ["http://neonlab.internal:3000", false],
])("the page policy with PUBLIC_URL=%s", async (publicUrl, upgrades) => {
  const app = await createTestApp({ env: { PUBLIC_URL: publicUrl } });

  it(`${upgrades ? "upgrades" : "does not upgrade"} insecure requests`, async () => {
    const page = await app.inject({ url: "/" });
    expect(page.headers["content-security-policy"]?.includes("upgrade-insecure-requests")).toBe(upgrades);
  });
});
