import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { calls, type CallInput, type DailyTask } from '@starlit/contract';
import { formatDateTime } from '@starlit/contract/rules';
import { callAs } from '../support/api';
import { openUserCenterTab, screenshotDir, sidewaysScroll, useLanguage } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 12, the web's task progress: the user center's "Task progress" tab shows today's daily
// tasks live, the runs left per type, the scheduled publishes (moved and cancelled there, with
// the server's refusals in the person's words) and finished tasks to publish now; a work published
// from a task plays with its subtitles. Tasks are started through the API (the /daily-task screen
// is another branch's); everything after is reached from home by clicking.

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
/** A moment as the tab's datetime-local field takes it: UTC+8, "YYYY-MM-DDTHH:mm". */
const fieldValue = (ms: number) => formatDateTime(Date.now() + ms).replace(' ', 'T');

type Form = Omit<CallInput<typeof calls.dailyTasks.create>, 'key' | 'forward'>;

async function person(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  return page;
}

/** A new person with creation counts (given by the admin, as the creation specs do) and a public agent of the demo seed to star. */
async function maker(browser: Browser, counts: number) {
  const admin = await person(browser, 'e2eadmin');
  const name = uniqueName('tasker');
  const page = await person(browser, name);
  const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
  await callAs(admin, calls.economyAdmin.adjust, { userId, currency: 'CAC', amount: counts, reason: 'daily task e2e', key: key() });
  await admin.context().close();
  const agent = (await callAs(page, calls.agents.publicList, { limit: 1 })).items[0];
  if (!agent) throw new Error('the demo seed has no public agent');
  return { page, userId, agent };
}

const create = (page: Page, form: Form) => callAs(page, calls.dailyTasks.create, { ...form, forward: [], key: key() });

/** The task once it left `generating`, read through the API. */
async function finished(page: Page, id: string, timeout = 120_000): Promise<DailyTask> {
  await expect.poll(async () => (await callAs(page, calls.dailyTasks.get, { id })).state, { timeout, intervals: [1000] }).not.toBe('generating');
  return callAs(page, calls.dailyTasks.get, { id });
}

/** The tab at both widths in both languages, fitting the phone's width. */
async function shootTab(page: Page) {
  for (const lang of ['en_US', 'zh_TW'] as const) {
    await useLanguage(page, lang);
    await expect(page.getByRole('heading', { level: 2, name: lang === 'en_US' ? 'Task progress' : '任務進度' })).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      expect(await sidewaysScroll(page)).toBe(0);
      await page.screenshot({ path: path.join(screenshotDir, `task-progress-${width}-${lang}.png`), fullPage: true });
    }
  }
  await useLanguage(page, 'en_US');
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('task progress: a task live, the allowance, schedules moved and cancelled, publish now, and a speech work with subtitles', async ({ browser }) => {
  test.setTimeout(420_000);
  const { page, agent } = await maker(browser, 5);

  const speech = await create(page, {
    type: 'text_to_speech',
    description: 'Why I love the sea',
    introduction: 'The waves sing at night. The stars listen. I keep the light on for them.',
    agentId: agent.id,
    publishType: 'immediate',
  });

  // from home: the account menu, My page, Task progress
  await openUserCenterTab(page, { menu: /^Account menu for /, myPage: 'My page', tab: 'Task progress' });
  await expect(page).toHaveURL(/tab=tasks/);
  const today = page.getByRole('list', { name: "Today's tasks" });
  const speechRow = today.getByRole('listitem').filter({ hasText: 'Text to speech' });
  await expect(speechRow.getByText(/^Generating \d+ %$/)).toBeVisible();
  await expect(speechRow.getByRole('progressbar', { name: 'Progress' })).toBeVisible();
  await expect(speechRow.getByText(`Starring ${agent.nickname}`)).toBeVisible();
  await expect(speechRow.getByText('Publishes when done')).toBeVisible();
  await expect(speechRow.getByRole('link')).toHaveAttribute('href', new RegExp(`/daily-task\\?id=${speech.id}$`));
  // one speech run of three used; prices and points per type
  await expect(page.getByTestId('allowance-text_to_speech')).toContainText('2 of 3 left');
  await expect(page.getByTestId('allowance-text_to_speech')).toContainText('1 creation count or 2 diamonds');
  await expect(page.getByTestId('allowance-comic_to_video')).toContainText('3 of 3 left');
  await expect(page.getByTestId('allowance-comic_to_video')).toContainText('5 creation counts or 10 diamonds');
  await expect(page.getByTestId('allowance-comic_to_video')).toContainText('+15 points');
  await expect(page.getByText('Scheduled publishes remaining: 5')).toBeVisible();
  await expect(page.getByText('No publish is scheduled.')).toBeVisible();

  // the task moves on and ends without a reload: pushed live (and polled while it generates)
  await expect(speechRow.getByText('Done', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(speechRow.getByText('Published', { exact: true })).toBeVisible();
  const spoken = await callAs(page, calls.dailyTasks.get, { id: speech.id });

  // its work plays with its subtitles: the track, the line playing under the player, the speech's text
  await speechRow.getByRole('button', { name: 'View work' }).click();
  const detail = page.getByRole('dialog', { name: spoken.title });
  await expect(detail).toBeVisible();
  const audio = detail.locator('audio');
  await expect(audio.locator('track[kind="subtitles"]')).toHaveAttribute('src', /\.vtt$/);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.textTracks[0]?.cues?.length ?? 0)).toBeGreaterThan(1);
  const cues = await audio.evaluate((a: HTMLAudioElement) => [...(a.textTracks[0]?.cues ?? [])].map((c) => ({ start: c.startTime, text: (c as VTTCue).text })));
  await expect(detail.getByRole('heading', { name: 'Speech text' })).toBeVisible();
  await expect(
    detail
      .getByRole('listitem')
      .filter({ hasText: cues[0]?.text ?? '' })
      .first(),
  ).toBeVisible();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0);
  await audio.evaluate(
    (a: HTMLAudioElement, at: number) => {
      a.currentTime = at;
    },
    (cues[1]?.start ?? 0) + 0.05,
  );
  await expect(detail.getByTestId('caption')).toHaveText(cues[1]?.text ?? '');
  await expect(detail.locator('li[aria-current="true"]')).toHaveText(cues[1]?.text ?? '');
  for (const lang of ['en_US', 'zh_TW'] as const) {
    if (lang === 'zh_TW') await useLanguage(page, lang);
    await expect(page.getByRole('dialog', { name: spoken.title }).locator('audio')).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: path.join(screenshotDir, `daily-task-work-speech-${width}-${lang}.png`) });
    }
  }
  await useLanguage(page, 'en_US');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('dialog', { name: spoken.title }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // a publish scheduled about 70 s ahead, moved in the tab before it fires
  const morning = await create(page, {
    type: 'text_to_image',
    description: 'Morning tea',
    introduction: 'The first ferry hums past while the tea cools.',
    agentId: agent.id,
    style: 'watercolor',
    publishType: 'scheduled',
    publishAt: ahead(70_000),
  });
  const scheduled = page.getByRole('list', { name: 'Scheduled publishes' });
  const morningRow = scheduled.getByRole('listitem', { name: 'Morning tea' });
  // started elsewhere, it appears without a reload once its first step is pushed
  await expect(morningRow).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Scheduled publishes remaining: 4')).toBeVisible();
  await morningRow.getByRole('button', { name: 'Edit time' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit the publish time' });
  const time = dialog.getByLabel('Publish time (UTC+8)');
  // a time already past: the server's refusal (9008), under the field
  await time.fill(fieldValue(-3_600_000));
  await dialog.getByRole('button', { name: 'Save time' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a publish time between 1 minute and 7 days from now');
  const later = Date.now() + 30 * 60_000;
  await time.fill(fieldValue(30 * 60_000));
  await dialog.getByRole('button', { name: 'Save time' }).click();
  await expect(dialog).toBeHidden();
  const laterText = `${formatDateTime(later)} UTC+8`;
  await expect(morningRow.getByText(`Publishes at ${laterText}`)).toBeVisible();
  await finished(page, morning.id);
  await expect(today.getByRole('listitem').filter({ hasText: 'Morning tea' }).getByText(`Scheduled for ${laterText}`)).toBeVisible();

  // another scheduled publish, shown mid-task in both languages at both widths, then cancelled
  const evening = await create(page, {
    type: 'text_to_image',
    description: 'Evening lanterns',
    introduction: 'Paper lanterns drift over the harbour at dusk.',
    agentId: agent.id,
    style: 'anime',
    publishType: 'scheduled',
    publishAt: ahead(3 * 3_600_000),
  });
  // the tab is in the address: a reload finds it, the new task waiting mid-way
  await page.reload();
  await expect(page.getByText('Scheduled publishes remaining: 3')).toBeVisible();
  await shootTab(page);
  await finished(page, evening.id);
  const eveningRow = scheduled.getByRole('listitem', { name: 'Evening lanterns' });
  await eveningRow.getByRole('button', { name: 'Cancel schedule' }).click();
  dialog = page.getByRole('dialog', { name: 'Cancel this scheduled publish?' });
  await expect(dialog).toContainText('“Evening lanterns” will not be published');
  await dialog.getByRole('button', { name: 'Cancel schedule' }).click();
  await expect(dialog).toBeHidden();
  await expect(eveningRow).toBeHidden();
  await expect(page.getByText('Scheduled publishes remaining: 4')).toBeVisible();

  // the finished task nobody published: publish it now, then find it on home
  const notPublished = page.getByRole('list', { name: 'Finished tasks not published' });
  await notPublished.getByRole('listitem', { name: 'Evening lanterns' }).getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published: Evening lanterns')).toBeVisible();
  await expect(notPublished).toBeHidden();
  await expect(today.getByRole('listitem').filter({ hasText: 'Evening lanterns' }).getByText('Published', { exact: true })).toBeVisible();

  // a publish that fired meanwhile cannot be moved (9014), said in the dialog
  await morningRow.getByRole('button', { name: 'Edit time' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit the publish time' });
  await callAs(page, calls.dailyTasks.publish, { id: morning.id });
  await dialog.getByLabel('Publish time (UTC+8)').fill(fieldValue(60 * 60_000));
  await dialog.getByRole('button', { name: 'Save time' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This task has no scheduled publish waiting');
  await dialog.getByRole('button', { name: 'Keep the time' }).click();
  await expect(page.getByText('No publish is scheduled.')).toBeVisible();

  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await page.getByRole('tab', { name: 'AI Image' }).click();
  const panel = page.getByRole('tabpanel', { name: 'AI Image' });
  await expect(panel.getByRole('button', { name: 'Evening lanterns' })).toHaveCount(1);
  await panel.getByRole('button', { name: 'Evening lanterns' }).click();
  await expect(page.getByRole('dialog', { name: 'Evening lanterns' }).getByRole('img', { name: 'Evening lanterns' })).toBeVisible();
});

test('a video from a daily task plays with its subtitles', async ({ browser }) => {
  // a comic made into a 720p video renders for minutes on a small machine
  test.setTimeout(900_000);
  const { page, agent } = await maker(browser, 5);
  const video = await create(page, {
    type: 'comic_to_video',
    description: 'Mira and the lost kite',
    introduction: 'A kite flies away over the beach and Mira runs after it with her friends.',
    agentId: agent.id,
    style: 'cartoon',
    scene: 'seaside',
    publishType: 'immediate',
  });
  const done = await finished(page, video.id, 840_000);
  expect(done.state).toBe('done');
  await expect.poll(async () => (await callAs(page, calls.dailyTasks.get, { id: video.id })).publish.state).toBe('published');

  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await page.getByRole('tab', { name: 'AI Video' }).click();
  await page.getByRole('tabpanel', { name: 'AI Video' }).getByRole('button', { name: done.title }).first().click();
  const detail = page.getByRole('dialog', { name: done.title });
  const player = detail.locator('video');
  await expect(player).toBeVisible();
  await expect(player.locator('track[kind="subtitles"]')).toHaveAttribute('src', /\.vtt$/);
  // the words are burned into the picture: the track is offered, not drawn over them a second time
  expect(await player.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe('disabled');
  for (const lang of ['en_US', 'zh_TW'] as const) {
    if (lang === 'zh_TW') await useLanguage(page, lang);
    const shown = page.getByRole('dialog', { name: done.title }).locator('video');
    await expect(shown).toBeVisible();
    // the track's cues (read as a screen reader or a viewer who turns them on would) match the burned-in words' times
    await shown.evaluate((v: HTMLVideoElement) => {
      if (v.textTracks[0]) v.textTracks[0].mode = 'hidden';
    });
    await expect.poll(() => shown.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0)).toBeGreaterThan(0);
    await shown.evaluate((v: HTMLVideoElement) => {
      const cue = v.textTracks[0]?.cues?.[0];
      if (cue) v.currentTime = (cue.startTime + cue.endTime) / 2;
    });
    await expect.poll(() => shown.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.activeCues?.length ?? 0)).toBeGreaterThan(0);
    await expect.poll(() => shown.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: path.join(screenshotDir, `daily-task-work-video-${width}-${lang}.png`) });
    }
  }
});
