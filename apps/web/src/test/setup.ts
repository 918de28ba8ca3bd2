// Vitest setup of the web project: every test runs against msw (src/test/http.ts); a request no mock
// answers, or a mocked answer off its schema, fails the test that caused it.
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { networkViolations, server } from "./http.ts";

// findBy… and waitFor wait up to 5 s (the default 1 s ran out on a loaded machine while lazy pages loaded).
configure({ asyncUtilTimeout: 5000 });

beforeAll(() =>
  server.listen({
    onUnhandledFrame: ({ frame }) => {
      const request = (frame.data as { request?: Request }).request;
      const problem = `no mock answers ${request ? `${request.method} ${request.url}` : "a network frame"}`;
      networkViolations.push(problem);
      // Thrown, the request fails as a network error instead of going out to a real server.
      throw new Error(problem);
    },
  }),
);

afterEach(() => {
  // Without vitest's globals Testing Library does not unmount by itself; a tree left mounted keeps
  // Mantine's transition timers, which then fire after happy-dom is gone ("window is not defined").
  cleanup();
  server.resetHandlers();
  const violations = networkViolations.splice(0);
  expect(violations, "network problems in this test").toEqual([]);
});

afterAll(() => server.close());
