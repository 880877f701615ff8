import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// A fresh server on a fresh embedded database for every run (ARCHITECTURE §7).
const port = Number(process.env.E2E_PORT ?? 8181);
// under the system's temporary folder, so runs leave nothing in the checkout
const dataDir = path.join(os.tmpdir(), `starlit-e2e-${Date.now()}`);
export const baseURL = `http://localhost:${port}`;
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } }],
  webServer: {
    command: 'node --import tsx ../apps/server/src/main.ts',
    url: `${baseURL}/`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      ADMIN_USERS: 'e2eadmin',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      // every test signs up from the same address
      SIGNIN_ATTEMPTS_PER_15_MIN: '10000',
      // the offline chat engine writes a word every 60 ms, so a reply streams for a second or
      // two like a model's and the chat tests can stop it or reload in the middle of it for real
      OFFLINE_CHAT_TOKEN_MS: '60',
      CHAT_SENDS_PER_MINUTE: '1000',
    },
  },
});
