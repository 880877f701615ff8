import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { heldProviderURL, heldServerPort, offlineServerPort } from './support/ports';

// A fresh server on a fresh embedded database for every run (ARCHITECTURE §7).
// under the system's temporary folder, so runs leave nothing in the checkout
const dataDir = path.join(os.tmpdir(), `starlit-e2e-${Date.now()}`);
export const baseURL = `http://localhost:${offlineServerPort}`;
const heldBaseURL = `http://localhost:${heldServerPort}`;
// the specs that act while a reply is being written (they chat through the held provider), and
// those that need a provider failing (its image endpoint is down)
const heldSpecs = /(chat-held|creation-refund)\.spec\.ts$/;
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
  projects: [
    { name: 'desktop', testIgnore: heldSpecs, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
    { name: 'held-chat', testMatch: heldSpecs, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium, baseURL: heldBaseURL } },
  ],
  webServer: [
    appServer(offlineServerPort, 'offline', {
      // the offline chat engine writes a word every 60 ms, so a reply streams for a second or two like a model's
      OFFLINE_CHAT_TOKEN_MS: '60',
      // a creation waits 10 s before it draws, so a reload (and a language switch) lands in the middle of it
      CREATION_DELAY_MS: '10000',
    }),
    {
      command: 'node --import tsx support/held-chat-provider.ts',
      url: `${heldProviderURL}/`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // a reply here stops after its first words until the test releases it, so Stop and a
    // reload land in the middle of it however slow the machine is
    appServer(heldServerPort, 'held', { LLM_BASE_URL: heldProviderURL, LLM_MODEL: 'held', IMAGE_PROVIDER: 'openai', IMAGE_BASE_URL: heldProviderURL }),
  ],
});

/** The built app served by the real server on its own fresh data folder. */
function appServer(port: number, name: string, env: Record<string, string>) {
  return {
    command: 'node --import tsx ../apps/server/src/main.ts',
    url: `http://localhost:${port}/`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `${dataDir}-${name}`,
      SEED_DEMO: '1',
      ADMIN_USERS: 'e2eadmin',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      // every test signs up from the same address
      SIGNIN_ATTEMPTS_PER_15_MIN: '10000',
      CHAT_SENDS_PER_MINUTE: '1000',
      ...env,
    },
  };
}
