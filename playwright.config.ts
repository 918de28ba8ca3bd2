import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e/results",
  fullyParallel: false,
  // Two workers in CI (the machine has two cores); the route tables run their rows in parallel.
  workers: process.env.CI ? 2 : 1,
  retries: process.env.CI ? 1 : 0,
  // A CI machine shared with other work can be several times slower than a quiet one: waits scale with it.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 15_000 : 5_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "off",
    // The app's service worker would answer the pages' requests itself, out of reach of page.route mocks;
    // e2e/offline.spec.ts allows it.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node e2e/start-server.mjs",
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Hack previews run on a second listener reached as 127.0.0.1 (decision 028): the port after the app's.
    env: { PORT: String(port), PUBLIC_URL: baseURL, PREVIEW_PORT: String(port + 1) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
