import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from '../support/api';
import { openFromHome, publishFromStudio } from '../support/creation';
import { screenshotDir, sidewaysScroll, useLanguage } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 11, text2Music: from home to Create, the music studio, a piece composed by the offline
// composer with live progress (the test server pauses each creation 6 s, CREATION_DELAY_MS),
// then the player over its waveform, playing, and the WAV download.

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;
const DESCRIPTION = 'slow sad piano at 70 bpm';

async function person(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  return page;
}

test('a person composes a piece from words, watches it progress, plays it and downloads the WAV', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await person(browser, 'e2eadmin');
  const name = uniqueName('composer');
  const page = await person(browser, name);
  const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
  await callAs(admin, calls.economyAdmin.adjust, { userId, currency: 'CAC', amount: 2, reason: 'music e2e', key: key() });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await page.getByRole('link', { name: /Text to music/ }).click();
  const form = page.getByRole('form', { name: 'Text to music' });
  const description = form.getByRole('textbox', { name: 'Description' });
  await expect(description).toHaveAttribute('placeholder', 'Slow sad piano at 70 bpm');
  await description.fill(DESCRIPTION);
  await form.getByRole('combobox', { name: 'Mood' }).selectOption({ label: 'Sad' });
  const length = form.getByRole('slider', { name: 'Length' });
  await expect(length).toHaveValue('30');
  await length.fill('15');
  await expect(form.locator('output')).toHaveText('0:15');
  await expect(form.getByRole('checkbox', { name: /Instrumental \(no vocals\)/ })).toBeChecked();
  await form.getByRole('button', { name: 'Generate · 2 creation counts' }).click();

  const progress = page.getByRole('progressbar', { name: 'Progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText('Composing…')).toBeVisible();
  await expect(page.getByText(/Made by Starlit algorithmic composer \(offline\)/)).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'creation-music-progress-1280-en_US.png') });

  const waveform = page.getByRole('img', { name: `Waveform of ${DESCRIPTION}, click to seek` });
  await expect(waveform).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Made by Starlit algorithmic composer \(offline\)/)).toBeVisible();
  const facts = page.getByRole('region', { name: 'Result' }).locator('dl');
  await expect(facts).toContainText('Length0:15');
  await expect(facts).toContainText('Tempo70 bpm');

  // the player knows the piece's length, and the native play button plays it
  const audio = page.getByLabel(`Play ${DESCRIPTION}`);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 20_000 }).toBeGreaterThan(14);
  const box = (await audio.boundingBox())!;
  await page.mouse.click(box.x + 20, box.y + box.height / 2);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^starlit-text2Music-[0-9a-f]{8}\.wav$/);
  expect((await callAs(page, calls.ledger.balances, {})).CAC).toBe(0);

  for (const lang of ['en_US', 'zh_TW'] as const) {
    await useLanguage(page, lang);
    const label = lang === 'en_US' ? `Waveform of ${DESCRIPTION}, click to seek` : `${DESCRIPTION} 的波形，點擊可跳轉`;
    await expect(page.getByRole('img', { name: label })).toBeVisible();
    await expect(page.getByRole('heading', { name: lang === 'en_US' ? 'Text to music' : '文字生成音樂' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(screenshotDir, `creation-music-1280-${lang}.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysScroll(page)).toBe(0);
    await page.screenshot({ path: path.join(screenshotDir, `creation-music-390-${lang}.png`), fullPage: true });
  }
  // published, the piece is in home's AI Audio tab, with how it was made
  await useLanguage(page, 'en_US');
  await page.setViewportSize({ width: 1280, height: 900 });
  const workName = `Rain ${Math.random().toString(36).slice(2, 6)}`;
  await publishFromStudio(page, workName);
  const detail = await openFromHome(page, 'AI Audio', workName);
  await expect(detail.getByRole('region', { name: 'How it was made' }).getByText('Text to music', { exact: true })).toBeVisible();
});
