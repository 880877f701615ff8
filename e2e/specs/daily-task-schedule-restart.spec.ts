import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from '../support/api';
import { openUserCenterTab } from '../support/economy';
import { offlineServerPort } from '../support/ports';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 12, a scheduled publish survives a crash: this spec runs its OWN server (not the shared
// one), schedules a daily task's publish about 70 s ahead, kills the server (SIGKILL) before that
// time, starts it again on the same data folder, and after the time finds the work published
// exactly once, on home and in the task progress tab, and once among the author's works.

const port = offlineServerPort + 50;
const origin = `http://localhost:${port}`;
const e2eDir = path.join(import.meta.dirname, '..');
const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;

/** The app server as playwright.config starts it, on this spec's port and data folder. */
async function startServer(dataDir: string, log: string[]): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', '../apps/server/src/main.ts'], {
    cwd: e2eDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      ADMIN_USERS: 'e2eadmin',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGNIN_ATTEMPTS_PER_15_MIN: '10000',
      CREATION_DELAY_MS: '2000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}): ${log.join('')}`);
    const up = await fetch(`${origin}/`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not start: ${log.join('')}`);
}

/** Kills the server as a crash would, and waits until it is gone. */
async function crash(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await gone;
}

async function person(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  return page;
}

test('a scheduled publish fires once after the server is killed and started again', async ({ browser }) => {
  test.setTimeout(420_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlit-e2e-restart-'));
  const log: string[] = [];
  let server = await startServer(dataDir, log);
  try {
    const admin = await person(browser, 'e2eadmin');
    const name = uniqueName('sched');
    const page = await person(browser, name);
    const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
    await callAs(admin, calls.economyAdmin.adjust, { userId, currency: 'CAC', amount: 1, reason: 'restart e2e', key: key() });
    await admin.context().close();
    const agent = (await callAs(page, calls.agents.publicList, { limit: 1 })).items[0];
    if (!agent) throw new Error('the demo seed has no public agent');

    // a title of its own, so the one card found is this run's
    const title = `Dawn ${Math.random().toString(36).slice(2, 8)}`;
    const publishAt = Date.now() + 70_000;
    const task = await callAs(page, calls.dailyTasks.create, {
      type: 'text_to_image',
      description: title,
      introduction: 'The lighthouse keeper watches the sun come up over the sea.',
      agentId: agent.id,
      style: 'watercolor',
      publishType: 'scheduled',
      publishAt: new Date(publishAt).toISOString(),
      forward: [],
      key: key(),
    });
    await expect.poll(async () => (await callAs(page, calls.dailyTasks.get, { id: task.id })).publish.state, { timeout: 60_000 }).toBe('scheduled');

    // the person sees it waiting in the task progress tab, reached from home
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await openUserCenterTab(page, { menu: /^Account menu for /, myPage: 'My page', tab: 'Task progress' });
    const row = page.getByRole('list', { name: 'Scheduled publishes' }).getByRole('listitem', { name: title });
    await expect(row).toBeVisible();
    await expect(page.getByText('Scheduled publishes remaining: 4')).toBeVisible();

    // the crash comes before the publish time; the job is a row, so it outlives the process
    expect(Date.now()).toBeLessThan(publishAt - 10_000);
    await crash(server);
    server = await startServer(dataDir, log);
    expect(Date.now()).toBeLessThan(publishAt);

    // past the time: published once, said in the tab after a reload
    await expect
      .poll(async () => (await callAs(page, calls.dailyTasks.get, { id: task.id })).publish.state, { timeout: Math.max(0, publishAt - Date.now()) + 90_000, intervals: [2000] })
      .toBe('published');
    const published = await callAs(page, calls.dailyTasks.get, { id: task.id });
    const work = await callAs(page, calls.works.get, { id: published.publish.workId ?? '' });
    // not before its time
    expect(Date.parse(work.publishedAt ?? '')).toBeGreaterThanOrEqual(publishAt - 1000);
    await page.reload();
    await expect(page.getByText('No publish is scheduled.')).toBeVisible();
    await expect(page.getByRole('list', { name: "Today's tasks" }).getByRole('listitem').filter({ hasText: title }).getByText('Published', { exact: true })).toBeVisible();

    // on home's tab of its kind, one card with that name
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.getByRole('tab', { name: 'AI Image' }).click();
    const panel = page.getByRole('tabpanel', { name: 'AI Image' });
    await expect(panel.getByRole('button', { name: title })).toHaveCount(1);
    // and once among the author's works
    const works = await callAs(page, calls.users.works, { userId, section: 'works', limit: 100 });
    expect(works.items.filter((w) => w.name === title)).toHaveLength(1);
  } finally {
    await crash(server);
    await rm(dataDir, { recursive: true, force: true });
  }
});
