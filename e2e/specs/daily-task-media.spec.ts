import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from '../support/api';
import { fillTask, openDailyTasks, SEEDED_AGENT, taskPerson, taskShots } from '../support/daily-task';
import { screenshotDir, useLanguage } from '../support/economy';

// Issue 12, the daily tasks that play: speech with its subtitle track and script, a sung song
// with its lyrics, a dance in the 3D player, and a comic of the person's turned into a video.
// Each starts from home and the header; results are shot in both languages at both widths.

const LONG = 240_000;
const task = (page: Page) => page.getByRole('region', { name: 'Your task' });

/** Plays a media element muted (no gesture is needed then) and waits for its clock to move. */
async function playsOn(media: Locator) {
  await media.evaluate((m: HTMLMediaElement) => {
    m.muted = true;
    return m.play();
  });
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => m.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
}

/** The subtitle track's cues, once the browser has read them (a track not shown is read once it is hidden rather than off). */
const cuesOf = (media: Locator) =>
  media.evaluate((m: HTMLMediaElement) => {
    const track = m.textTracks[0];
    if (track?.mode === 'disabled') track.mode = 'hidden';
    return track?.cues?.length ?? 0;
  });

async function shotsBothLanguages(page: Page, name: string, shown: (page: Page) => Locator) {
  for (const lang of ['en_US', 'zh_TW'] as const) {
    await useLanguage(page, lang);
    await expect(shown(page)).toBeVisible({ timeout: 30_000 });
    await taskShots(page, name, lang);
  }
  await useLanguage(page, 'en_US');
}

test('speech: the script read aloud with a subtitle track, the sentence heard marked', async ({ browser }) => {
  test.setTimeout(LONG);
  const page = await taskPerson(browser, 2);
  await openDailyTasks(page);
  await page.getByRole('tab', { name: /^Text to speech/ }).click();
  const form = await fillTask(page, 'Why I love the sea', 'The waves sing at night. The stars listen. I keep the light on for them.');
  // speech needs no style, song or scene
  await expect(form.getByRole('combobox')).toHaveCount(0);
  await form.getByRole('button', { name: 'Start · 1 creation count' }).click();
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(3);
  const audio = task(page).locator('audio');
  await expect(audio).toBeAttached({ timeout: 120_000 });
  await expect(audio.locator('track[kind="subtitles"]')).toHaveAttribute('srclang', 'en');
  await expect.poll(() => cuesOf(audio), { timeout: 20_000 }).toBeGreaterThan(0);
  const script = task(page).getByRole('region', { name: 'Script' });
  expect(await script.getByRole('listitem').count()).toBe(await cuesOf(audio));
  await playsOn(audio);
  await expect(script.locator('[aria-current="true"]')).toHaveCount(1);
  await shotsBothLanguages(page, 'speech', (p) => p.getByRole('region', { name: /Script|腳本/ }));
});

test('song: sung lyrics with their sheet and track', async ({ browser }) => {
  test.setTimeout(LONG);
  const page = await taskPerson(browser, 3);
  await openDailyTasks(page);
  await page.getByRole('tab', { name: /^Text to song/ }).click();
  const form = await fillTask(page, 'A song about the lighthouse', 'Keeping the light on for ships at night.');
  await form.getByRole('button', { name: /^Start/ }).click();
  await expect(form.getByText('Please choose a song')).toBeVisible();
  await form.getByRole('combobox', { name: /^Genre/ }).selectOption('ballad');
  await form.getByRole('button', { name: 'Start · 3 creation counts' }).click();
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(6);
  const lyrics = task(page).getByRole('region', { name: 'Lyrics' });
  await expect(lyrics).toBeVisible({ timeout: 180_000 });
  await expect(lyrics).toContainText(/chorus/i);
  const audio = task(page).locator('audio');
  await expect.poll(() => cuesOf(audio), { timeout: 20_000 }).toBeGreaterThan(0);
  await playsOn(audio);
  await shotsBothLanguages(page, 'song', (p) => p.getByRole('region', { name: /Lyrics|歌詞/ }));
});

test('dance: a composed song danced in the 3D player', async ({ browser }) => {
  test.setTimeout(LONG);
  const page = await taskPerson(browser, 4);
  await openDailyTasks(page);
  await page.getByRole('tab', { name: /^Text to dance/ }).click();
  const form = await fillTask(page, 'A happy dance on the pier', 'Luna dances when the ships come home.');
  await form.getByRole('combobox', { name: /^Genre/ }).selectOption('electronic');
  await form.getByRole('button', { name: 'Start · 4 creation counts' }).click();
  const player = task(page).getByRole('region', { name: /^Dance: / });
  await expect(player).toBeVisible({ timeout: 180_000 });
  await expect(player.locator('canvas')).toBeVisible({ timeout: 30_000 });
  await shotsBothLanguages(page, 'dance', (p) => p.locator('canvas'));
});

test('comic to video: one of my comics becomes a 720p video with subtitles', async ({ browser }) => {
  test.setTimeout(LONG + 120_000);
  const page = await taskPerson(browser, 8);
  // the comic to start from, made as the other spec makes one; then by clicking from home
  const luna = (await callAs(page, calls.agents.publicList, { limit: 50 })).items.find((a) => a.nickname === SEEDED_AGENT);
  if (!luna) throw new Error('the seeded agent is missing');
  const comic = await callAs(page, calls.dailyTasks.create, {
    type: 'text_to_comic',
    description: 'Luna bakes a cake',
    introduction: 'Her first cake: the kitchen is a mess, then friends come and share it.',
    agentId: luna.id,
    style: 'cartoon',
    scene: 'seaside',
    publishType: 'immediate',
    forward: [],
    key: `e2e_${Math.random().toString(36).slice(2, 14)}`,
  });
  await expect.poll(async () => (await callAs(page, calls.dailyTasks.get, { id: comic.id })).state, { timeout: 120_000 }).toBe('done');

  await openDailyTasks(page);
  await page.getByRole('tab', { name: /^Comic to video/ }).click();
  const form = await fillTask(page, 'Luna bakes a cake', 'Her first cake, told with voices and music.');
  await form.getByRole('radio', { name: 'Use one of my comics' }).check();
  await form.getByRole('combobox', { name: /^My comic/ }).selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Start · 5 creation counts' }).click();
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(7);
  const video = task(page).locator('video');
  await expect(video).toBeAttached({ timeout: 300_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(1280);
  await expect.poll(() => cuesOf(video), { timeout: 20_000 }).toBeGreaterThan(0);
  await playsOn(video);
  await page.waitForTimeout(1500);
  // the frame without the player's controls over its burned-in subtitles
  await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.controls = false;
  });
  await video.screenshot({ path: path.join(screenshotDir, 'daily-task-video-frame.png') });
  await video.evaluate((v: HTMLVideoElement) => {
    v.controls = true;
  });
  await shotsBothLanguages(page, 'video', (p) => p.locator('video'));
});
