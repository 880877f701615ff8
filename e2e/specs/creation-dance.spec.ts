import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { renderTempoTrack } from '../../apps/server/src/ai/music/song.ts';
import { encodeWav } from '../../apps/server/src/ai/music/wav.ts';
import { callAs } from '../support/api';
import { openFromHome, publishFromStudio } from '../support/creation';
import { screenshotDir, sidewaysScroll, useLanguage } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 11, music2Dance: from home to Create, the Music to dance studio, a song uploaded from
// the person's disk (a 120 bpm composer piece, so its tempo is known), the built-in dancer, a
// charged creation with live progress (the test server pauses each creation 6 s), then the
// dance playing in the 3D player in step with its song, and the .vrma downloaded.

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;
const MAX_DRIFT_MS = 50;

/** A composer piece written to a temporary file, as a person's song on their disk. */
async function songFile(folder: string, name: string, seconds: number) {
  const song = renderTempoTrack(120, seconds, name);
  const file = path.join(folder, name);
  await fs.writeFile(file, encodeWav(song.samples, song.sampleRate));
  return file;
}

const drawn = async (stage: Locator) => ({
  driftMs: Number(await stage.getAttribute('data-drift-ms')),
  frames: Number(await stage.getAttribute('data-synced-frames')),
});

/** Plays the dance for a while: the canvas must draw frames, each within 50 ms of the song. */
async function playFor(page: Page, region: Locator, ms: number) {
  const stage = region.getByRole('img', { name: /dancing to the music|角色隨音樂起舞/ });
  const before = await drawn(stage);
  await region.getByRole('button', { name: /^(Play|播放)$/ }).click();
  await expect.poll(async () => (await drawn(stage)).frames, { timeout: 20_000 }).toBeGreaterThan(before.frames + 10);
  await page.waitForTimeout(ms);
  return { stage, before };
}

test('a person dances their own song with the built-in model, watches it in sync and downloads it', async ({ browser }) => {
  test.setTimeout(240_000);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-dance-e2e-'));
  const [song, tooShort] = [await songFile(folder, 'my-song.wav', 20), await songFile(folder, 'jingle.wav', 2)];
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/');
  await signUpThroughProvider(admin, 'e2eadmin');
  const name = uniqueName('dancer');
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
  await callAs(admin, calls.economyAdmin.adjust, { userId, currency: 'CAC', amount: 3, reason: 'dance e2e', key: key() });
  // a fresh agent has neither the AI dance skill nor a 3D model: listed, but it cannot dance
  await callAs(page, calls.agents.create, { nickname: 'Mika' });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await page.getByRole('link', { name: /Music to dance/ }).click();
  const form = page.getByRole('form', { name: 'Music to dance' });
  await expect(form.getByRole('tab', { name: 'Upload a song' })).toHaveAttribute('aria-selected', 'true');
  // a new person has made no music and owns none from the store yet: the other tabs say so
  await form.getByRole('tab', { name: 'My music' }).click();
  await expect(form.getByText('No finished music yet: pieces you make with Text to music appear here.')).toBeVisible();
  await form.getByRole('tab', { name: 'Store music' }).click();
  await expect(form.getByText('You own no music from the store yet.')).toBeVisible();
  await form.getByRole('tab', { name: 'Upload a song' }).click();
  const file = form.getByLabel(/Song file/);
  // a song too short to dance to is refused by the server, with its reason
  await file.setInputFiles(tooShort);
  await expect(form.getByRole('alert')).toHaveText('The song must be between 5 seconds and 10 minutes long');
  await file.setInputFiles(song);
  await expect(form.getByText('Ready: my-song.wav (0:20)')).toBeVisible({ timeout: 30_000 });
  await expect(form.getByRole('alert')).toBeHidden();
  await expect(form.locator('audio[aria-label="Listen to the chosen song"]')).toBeVisible();
  await expect(form.getByRole('radio', { name: /Built-in model/ })).toBeChecked();
  await expect(form.getByRole('radio', { name: /Mika/ })).toBeDisabled();
  await expect(form.getByText('Needs the AI dance skill')).toBeVisible();
  await form.getByRole('textbox', { name: 'Title (optional)' }).fill('Midnight moves');
  await form.getByRole('button', { name: 'Generate · 3 creation counts' }).click();

  const progress = page.getByRole('progressbar', { name: 'Progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText('Listening for the beats…')).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'creation-dance-progress-1280-en_US.png') });

  const region = page.getByRole('region', { name: 'Dance: Midnight moves' });
  await expect(region).toBeVisible({ timeout: 90_000 });
  await expect(region.getByText('Loading the dance…')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText(/Made by Starlit beat-tracking choreographer/)).toBeVisible();
  const facts = page.getByRole('list', { name: 'Dance facts' });
  const tempo = Number((await facts.getByText(/ bpm$/).textContent())?.replace(' bpm', ''));
  expect(Math.abs(tempo - 120)).toBeLessThanOrEqual(2);
  await expect(facts.getByText('0:20')).toBeVisible();

  // the dance plays on the song's clock: frames are drawn, none further than 50 ms from the song
  const { stage, before } = await playFor(page, region, 4000);
  await page.screenshot({ path: path.join(screenshotDir, 'creation-dance-playing-1280-en_US.png') });
  const after = await drawn(stage);
  console.log(`studio dance: ${after.frames - before.frames} frames drawn in about 4 s, largest drift ${after.driftMs} ms`);
  expect(after.frames - before.frames).toBeGreaterThan(20);
  expect(after.driftMs).toBeLessThan(MAX_DRIFT_MS);
  await region.getByRole('button', { name: 'Pause' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^starlit-music2Dance-[0-9a-f]{8}\.vrma$/);
  expect((await callAs(page, calls.ledger.balances, {})).CAC).toBe(0);

  for (const lang of ['en_US', 'zh_TW'] as const) {
    await useLanguage(page, lang);
    const title = lang === 'en_US' ? 'Music to dance' : '音樂生成舞蹈';
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const shown = page.getByRole('region', { name: lang === 'en_US' ? 'Dance: Midnight moves' : '舞蹈：Midnight moves' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await expect(shown.getByText(lang === 'en_US' ? 'Loading the dance…' : '舞蹈載入中…')).toBeHidden({ timeout: 30_000 });
      expect(await sidewaysScroll(page)).toBe(0);
      // a picture of the dance in motion, not of its first pose
      await shown.scrollIntoViewIfNeeded();
      await playFor(page, shown, 1500);
      await shown.getByRole('button', { name: /^(Pause|暫停)$/ }).click();
      // from the top, so the sticky header is drawn where it belongs
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(screenshotDir, `creation-dance-${width}-${lang}.png`), fullPage: true });
    }
  }
  await useLanguage(page, 'en_US');
  // published, the dance is in home's AI Video tab, and its page dances to its song
  await page.setViewportSize({ width: 1280, height: 900 });
  const workName = `Moves ${Math.random().toString(36).slice(2, 6)}`;
  await publishFromStudio(page, workName);
  const detail = await openFromHome(page, 'AI Video', workName);
  const { stage: onWork, before: workBefore } = await playFor(page, detail, 2000);
  const onWorkAfter = await drawn(onWork);
  expect(onWorkAfter.frames - workBefore.frames).toBeGreaterThan(10);
  expect(onWorkAfter.driftMs).toBeLessThan(MAX_DRIFT_MS);
  await fs.rm(folder, { recursive: true, force: true });
});
