import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { databaseTimeouts } from "./postgres-pool.ts";

describe("database timeouts", () => {
  it("come from DATABASE_*_TIMEOUT_MS, with defaults under the 2 s a 503 may take", () => {
    expect(databaseTimeouts(loadConfig({ NODE_ENV: "test" }))).toEqual({
      connectMs: 1000,
      statementMs: 1500,
      idleInTransactionMs: 10_000,
    });
    const tuned = loadConfig({
      NODE_ENV: "test",
      DATABASE_CONNECT_TIMEOUT_MS: "500",
      DATABASE_STATEMENT_TIMEOUT_MS: "800",
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "30000",
    });
    expect(databaseTimeouts(tuned)).toEqual({ connectMs: 500, statementMs: 800, idleInTransactionMs: 30_000 });
  });

  it("refuses a value that is not a number of milliseconds", () => {
    expect(() => loadConfig({ NODE_ENV: "test", DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "test", DATABASE_CONNECT_TIMEOUT_MS: "0" })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_MS/,
    );
  });
});
