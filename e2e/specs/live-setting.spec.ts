import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { publishedAgent } from '../support/agents';
import { callAs } from '../support/api';
import { openAgentBySearch, screenshotDir, sidewaysScroll, useLanguage } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 13, LIVE_SETTING (docs/live.md): an owner with a published agent, a bought Music item and
// a bought Scene finds "Go live" on the agent's page from home, fills the settings and starts the
// show; home and the agent's page then show it live.

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;

/** A signed-in owner with diamonds an admin gave, who bought one Music item and one Scene. */
async function owner(page: Page) {
  const admin = await (await page.context().browser()!.newContext()).newPage();
  await admin.goto('/');
  await signUpThroughProvider(admin, 'e2eadmin');
  const name = uniqueName('host');
  await page.goto('/');
  await signUpThroughProvider(page, name);
  const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
  await callAs(admin, calls.economyAdmin.adjust, { userId, currency: 'JE', amount: 1000, reason: 'live e2e', key: key() });
  await admin.context().close();
  const { items } = await callAs(page, calls.store.items, {});
  const wanted = items.filter((i) => i.name.en === 'Midnight Lo-fi' || i.name.en === 'Neon Horizon').map((i) => i.id);
  await callAs(page, calls.store.buy, { itemIds: wanted, key: key() });
  return name;
}

test('an owner opens a live show from the agent page through LIVE_SETTING', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await owner(page);
  const agent = `Aria ${Math.random().toString(36).slice(2, 6)}`;
  await publishedAgent(page, agent);
  await page.goto('/');
  await openAgentBySearch(page, agent, { openMenu: 'Open menu', search: 'Search', agents: 'Agents' });
  const shots = async (lang: string) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await sidewaysScroll(page)).toBe(0);
      await page.screenshot({ path: path.join(screenshotDir, `live-setting-${width}-${lang}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  // in Chinese first: the language reloads the page, which closes the modal
  await useLanguage(page, 'zh_TW');
  await page.getByRole('button', { name: '開始直播' }).click();
  await expect(page.getByRole('dialog', { name: '直播設定' }).getByText('午夜低傳真')).toBeVisible();
  await page.getByRole('dialog').getByLabel('標題').fill('月光舞會');
  await shots('zh_TW');
  await useLanguage(page, 'en_US');

  await page.getByRole('button', { name: 'Go live' }).click();
  const modal = page.getByRole('dialog', { name: 'Live settings' });
  await expect(modal.getByText('Midnight Lo-fi')).toBeVisible();
  // nothing picked: the form says what is missing and starts nothing
  await modal.getByRole('button', { name: 'Start the show' }).click();
  await expect(modal.getByText('Please enter a title for the show')).toBeVisible();
  await modal.getByLabel('Title').fill('Moonlight set');
  await modal.getByRole('button', { name: 'Start the show' }).click();
  await expect(modal.getByText('Choose at least one song or dance for the playlist')).toBeVisible();
  await modal.getByText('Neon Horizon').click();
  await modal.getByRole('checkbox').first().check();
  await modal.getByLabel('Greeting line').fill('Welcome, {name}!');
  await modal.getByLabel('Who may chat').selectOption({ label: 'Followers of this agent' });
  await modal.getByLabel('Slow mode').selectOption({ label: '3 seconds between messages' });
  await shots('en_US');
  await page.getByRole('dialog').getByRole('button', { name: 'Start the show' }).click();
  await expect(page).toHaveURL(/\/live\/[0-9a-f-]{36}$/);
  const showId = page.url().split('/').pop()!;
  const show = await callAs(page, calls.live.get, { showId });
  expect(show).toMatchObject({ title: 'Moonlight set', chatPolicy: 'followers', slowModeSeconds: 3, greeting: 'Welcome, {name}!', scene: { name: { en: 'Neon Horizon' } } });
  expect(show.playlist.map((t) => t.title)).toEqual(['Midnight Lo-fi']);

  // home lists it as live, and the agent's page leads to it
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Live now' });
  await expect(strip.getByRole('link', { name: /Moonlight set/ })).toBeVisible();
  await openAgentBySearch(page, agent, { openMenu: 'Open menu', search: 'Search', agents: 'Agents' });
  await page.getByRole('link', { name: /Watch live/ }).click();
  await expect(page).toHaveURL(new RegExp(`/live/${showId}$`));
});
