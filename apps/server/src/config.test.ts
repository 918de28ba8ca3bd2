import { describe, expect, it } from "vitest";
import { exposureWarning, isLoopbackHost, loadConfig, publicUrlMismatch } from "./config.ts";

const base = { NODE_ENV: "test", DATA_DIR: "./data-test" };

describe("safe defaults", () => {
  it("listens on loopback unless HOST says otherwise", () => {
    expect(loadConfig(base).HOST).toBe("127.0.0.1");
    expect(loadConfig({ ...base, HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  it("tells loopback from addresses others reach", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "app.localhost"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "10.0.0.1", "neonlab.example", "128.0.0.1"]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it("has the dev outbox only on a local install or when DEV_OUTBOX says so, never in production", () => {
    const outbox = (env: Record<string, string>) => loadConfig({ ...base, NODE_ENV: "development", ...env }).devOutbox;
    expect(outbox({})).toBe(true);
    expect(outbox({ HOST: "0.0.0.0" })).toBe(false);
    expect(outbox({ PUBLIC_URL: "https://neonlab.example" })).toBe(false);
    expect(outbox({ DEV_OUTBOX: "false" })).toBe(false);
    expect(outbox({ HOST: "0.0.0.0", DEV_OUTBOX: "true" })).toBe(true);
    const secret = "a-production-secret-of-at-least-32-chars";
    expect(outbox({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret, DEV_OUTBOX: "true" })).toBe(false);
  });

  it("names in one line what a server on a public address is missing", () => {
    const env = { ...base, HOST: "0.0.0.0" };
    const warning = exposureWarning(loadConfig(env), env);
    expect(warning).toBe(
      'NeonLab listens on 0.0.0.0, reachable from the network, but PUBLIC_URL (the address users reach), BETTER_AUTH_SECRET (signs sessions), SMTP_URL (mail is only kept in the local outbox) are not set; see "Running in production" in README.md.',
    );
    expect(warning).not.toContain("\n");
    const partly = { ...env, PUBLIC_URL: "https://neonlab.example", SMTP_URL: "smtp://mail.example:587" };
    expect(exposureWarning(loadConfig(partly), partly)).toMatch(
      /but BETTER_AUTH_SECRET \(signs sessions\) is not set;/,
    );
    const complete = { ...partly, BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-chars" };
    expect(exposureWarning(loadConfig(complete), complete)).toBeNull();
    expect(exposureWarning(loadConfig(base), base)).toBeNull();
  });
});

describe("the address users reach", () => {
  it("is http://localhost:$PORT without PUBLIC_URL, whatever HOST is; the preview site follows on PORT + 1", () => {
    const at = (env: Record<string, string>) => loadConfig({ ...base, ...env });
    expect(at({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(at({ PORT: "3400" }).PUBLIC_URL).toBe("http://localhost:3400");
    expect(at({ PORT: "3400" }).corsOrigin).toBe("http://localhost:3400");
    expect(at({ PORT: "3400" }).previewOrigin).toBe("http://127.0.0.1:3401");
    expect(at({ PORT: "3400", HOST: "0.0.0.0" }).PUBLIC_URL).toBe("http://localhost:3400");
    expect(at({ PORT: "3400", PUBLIC_URL: "https://neonlab.example" }).PUBLIC_URL).toBe("https://neonlab.example");
  });

  it("says which variable to set when PUBLIC_URL names this machine on another port than the server's", () => {
    const mismatch = (env: Record<string, string>) => publicUrlMismatch(loadConfig({ ...base, ...env }));
    expect(mismatch({ PORT: "3400", PUBLIC_URL: "http://localhost:3000" })).toBe(
      "PUBLIC_URL is http://localhost:3000 but the server listens on port 3400: sign-in works only at PUBLIC_URL's address. Set PUBLIC_URL to the address you open NeonLab at (or leave it unset for http://localhost:3400).",
    );
    expect(mismatch({ PORT: "3400" })).toBeNull();
    expect(mismatch({ PORT: "3400", PUBLIC_URL: "http://127.0.0.1:3400" })).toBeNull();
    // Behind a proxy the public address has its own port.
    expect(mismatch({ PORT: "3400", PUBLIC_URL: "https://neonlab.example" })).toBeNull();
  });
});

describe("the AI tutor's variables", () => {
  it("accepts AI_BASE_URL, AI_API_KEY and AI_MODEL as the OPENAI_* ones; the OPENAI_* name wins when both are set", () => {
    const ai = { AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_API_KEY: "k-ai", AI_MODEL: "llama3.1" };
    expect(loadConfig({ ...base, ...ai })).toMatchObject({
      OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
      OPENAI_API_KEY: "k-ai",
      OPENAI_MODEL: "llama3.1",
    });
    const both = loadConfig({
      ...base,
      ...ai,
      OPENAI_BASE_URL: "http://127.0.0.1:8080/v1",
      OPENAI_API_KEY: "k-openai",
      OPENAI_MODEL: "local",
    });
    expect(both).toMatchObject({
      OPENAI_BASE_URL: "http://127.0.0.1:8080/v1",
      OPENAI_API_KEY: "k-openai",
      OPENAI_MODEL: "local",
    });
    // An empty OPENAI_* variable counts as unset.
    expect(loadConfig({ ...base, ...ai, OPENAI_MODEL: "" }).OPENAI_MODEL).toBe("llama3.1");
    const none = loadConfig(base);
    expect([none.OPENAI_BASE_URL, none.OPENAI_API_KEY, none.OPENAI_MODEL]).toEqual([
      undefined,
      undefined,
      "gpt-4o-mini",
    ]);
  });

  it("names the variable that was set when an alias is invalid", () => {
    expect(() => loadConfig({ ...base, AI_BASE_URL: "not a url" })).toThrow(/AI_BASE_URL:/);
  });
});
