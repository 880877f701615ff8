import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { publishedAgent } from '../support/agents';
import { callAs } from '../support/api';
import { screenshotDir, sidewaysScroll, useLanguage } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 13, the live room: an owner goes live through the API (a Music item bought with
// diamonds from an admin's redeem code, the built-in 3D model), a viewer opens /live/<id> on its
// own, sees the stage, chats and hears the agent's answer, and the owner deletes the message.
// Then the room as owner and viewer at 1280 and 390 px, in both languages, light and dark
// (SCREENSHOTS=1 writes them to docs/screenshots).

const suffix = Date.now().toString(36).slice(-5);
const agentName = `Nova${suffix}`;
const title = 'Friday night dance';

test.describe.configure({ mode: 'serial' });

async function person(browser: Browser, name: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, isMobile: width < 600, hasTouch: width < 600 });
  const page = await context.newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  return page;
}

/** The page in a theme, as the native app pushes it. */
const useTheme = (page: Page, theme: 'light' | 'dark') => page.evaluate((value) => window.dispatchEvent(new CustomEvent('starlit:bridge', { detail: { theme: value } })), theme);

const room = (page: Page) => ({
  stage: page.getByTestId('live-stage'),
  chat: page.getByTestId('live-chat'),
  input: page.getByRole('textbox', { name: /Message|訊息/ }),
});

let owner: Page;
let viewer: Page;
let showId: string;
let viewerName: string;

test('an owner goes live; a viewer opens the room, chats, hears the answer; the owner deletes the message', async ({ browser }) => {
  test.setTimeout(180_000);
  owner = await person(browser, uniqueName('host'));
  const agentId = await publishedAgent(owner, agentName);
  await callAs(owner, calls.avatars.useDefault3d, { agentId, modelId: 'starlit-basic' });
  await callAs(owner, calls.avatars.setKind, { agentId, kind: '3d' });

  const admin = await person(browser, 'e2eadmin');
  const { codes } = await callAs(admin, calls.redeem.createBatch, { currency: 'JE', value: 100, count: 1, usesPerCode: 1, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
  await admin.context().close();
  await callAs(owner, calls.redeem.redeem, { code: codes[0] });
  const store = await callAs(owner, calls.store.items, {});
  const music = store.items.find((i) => i.category === 'Music' && i.currency === 'JE' && i.price <= 100);
  if (!music) throw new Error('no Music item for diamonds in the seeded store');
  await callAs(owner, calls.store.buy, { itemIds: [music.id], key: randomUUID() });
  const show = await callAs(owner, calls.live.start, {
    agentId,
    title,
    cover: null,
    sceneId: 'starry',
    playlist: [{ kind: 'item', id: music.id }],
    greeting: 'Welcome to the show!',
    chatPolicy: 'everyone',
    slowModeSeconds: 0,
  });
  showId = show.id;

  viewerName = uniqueName('fan');
  viewer = await person(browser, viewerName);
  await test.step('the viewer opens the room by its address, as a shared link', async () => {
    await viewer.goto(`/#/live/${showId}`);
    await expect(viewer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const { stage } = room(viewer);
    await expect(stage).toHaveAttribute('data-stage', 'ready', { timeout: 30_000 });
    await expect(stage.getByRole('img', { name: `${agentName} on stage` })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Tap to join with sound' })).toBeVisible();
    await expect(viewer.getByTestId('now-playing')).toContainText(music.name.en);
    await expect(viewer.getByTestId('viewer-count')).toContainText(/\d+ watching/);
    // a reload opens the same room
    await viewer.reload();
    await expect(viewer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(room(viewer).stage).toHaveAttribute('data-stage', 'ready', { timeout: 30_000 });
  });

  await test.step('the viewer joins with sound and chats; the agent answers', async () => {
    await viewer.getByRole('button', { name: 'Tap to join with sound' }).click();
    await expect(room(viewer).stage).toHaveAttribute('data-sound', 'on');
    const { input, chat } = room(viewer);
    await expect(viewer.getByText('0/200')).toBeVisible();
    await input.fill('Hello Nova, what are you dancing to?');
    await expect(viewer.getByText('36/200')).toBeVisible();
    await viewer.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(chat.getByTestId('chat-line').filter({ hasText: 'Hello Nova, what are you dancing to?' })).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(chat.getByTestId('agent-line').first()).toBeVisible({ timeout: 45_000 });
  });

  await test.step('the owner sees the message and deletes it; everyone sees it deleted', async () => {
    await owner.goto(`/#/live/${showId}`);
    const line = room(owner).chat.getByTestId('chat-line').filter({ hasText: 'Hello Nova' });
    await expect(line).toBeVisible();
    await expect(owner.getByRole('button', { name: 'End show' })).toBeVisible();
    await line.getByRole('button', { name: `Actions for ${viewerName}` }).click();
    await owner.getByRole('menuitem', { name: 'Delete message' }).click();
    await expect(room(owner).chat.getByText('Message deleted')).toBeVisible();
    await expect(room(viewer).chat.getByText('Message deleted')).toBeVisible();
    await expect(room(viewer).chat.getByText('Hello Nova, what are you dancing to?')).toBeHidden();
  });

  await test.step('the viewer drops off the network and catches up on what was said meanwhile', async () => {
    await viewer.context().setOffline(true);
    await expect(viewer.getByText('Reconnecting…')).toBeVisible({ timeout: 20_000 });
    await callAs(owner, calls.live.chat, { showId, text: 'Said while you were away', clientId: randomUUID() });
    await viewer.context().setOffline(false);
    await expect(viewer.getByText('Reconnecting…')).toBeHidden({ timeout: 20_000 });
    await expect(room(viewer).chat.getByText('Said while you were away')).toHaveCount(1);
  });

  await test.step('a gift from the viewer plays on stage and fills the leaderboard', async () => {
    await viewer.getByRole('button', { name: 'Send a gift' }).click();
    const panel = viewer.getByRole('dialog', { name: `Send a gift to ${agentName}` });
    await panel.getByTestId('gift-heart').click();
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(owner.getByTestId('gift-caption')).toContainText(`${viewerName} sent Heart × 1`);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(viewer.getByTestId('live-board')).toContainText(viewerName);
    await expect(owner.getByTestId('live-board')).toContainText(viewerName);
  });
});

test('screenshots: owner and viewer at 1280 and 390, both languages, light and dark', async ({ browser }) => {
  test.setTimeout(180_000);
  const viewerAt390 = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, storageState: await viewer.context().storageState() });
  const narrow = await viewerAt390.newPage();
  // the session lives in sessionStorage: carry it over
  const session = await viewer.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(sessionStorage))));
  await narrow.goto('/');
  await narrow.evaluate((stored) => {
    for (const [k, v] of Object.entries(JSON.parse(stored) as Record<string, string>)) sessionStorage.setItem(k, v);
  }, session);
  const hide = '.Toastify { display: none; }';
  for (const lang of ['en_US', 'zh_TW'] as const) {
    for (const [page, who] of [
      [owner, 'owner'],
      [viewer, 'viewer'],
      [narrow, 'viewer'],
    ] as const) {
      await page.goto(`/#/live/${showId}`);
      await useLanguage(page, lang);
      await expect(room(page).stage).toHaveAttribute('data-stage', 'ready', { timeout: 30_000 });
      await expect(room(page).chat.getByTestId('chat-line').first()).toBeVisible();
      expect(await sidewaysScroll(page)).toBe(0);
      const width = page.viewportSize()?.width ?? 1280;
      await page.screenshot({ path: path.join(screenshotDir, `live-room-${who}-${lang}-${width}.png`), style: hide, fullPage: width < 600 });
    }
  }
  await useTheme(owner, 'dark');
  await owner.screenshot({ path: path.join(screenshotDir, 'live-room-owner-zh_TW-1280-dark.png'), style: hide });
  await useTheme(narrow, 'dark');
  await narrow.screenshot({ path: path.join(screenshotDir, 'live-room-viewer-zh_TW-390-dark.png'), style: hide, fullPage: true });
  await useLanguage(owner, 'en_US');
  await useTheme(owner, 'light');

  await test.step('the owner ends the show; everyone sees the summary', async () => {
    await owner.getByRole('button', { name: 'End show' }).click();
    const confirm = owner.getByRole('dialog', { name: 'End this show?' });
    await confirm.getByRole('button', { name: 'End show' }).click();
    await expect(owner.getByTestId('live-summary')).toBeVisible();
    await expect(narrow.getByTestId('live-summary')).toBeVisible();
    await owner.screenshot({ path: path.join(screenshotDir, 'live-room-summary-en_US-1280.png'), style: hide });
    await narrow.screenshot({ path: path.join(screenshotDir, 'live-room-summary-zh_TW-390.png'), style: hide, fullPage: true });
  });
});
