import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from '../support/api';
import { ffmpegPng } from '../support/pictures';
import { signUpAt, signUpThroughProvider, uniqueName } from '../support/session';

// With SCREENSHOTS=1 the pictures land in docs/screenshots (committed); otherwise in test-results.
const dir = process.env.SCREENSHOTS ? path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots') : path.join(import.meta.dirname, '..', 'test-results', 'screens');
const widths = [1280, 390] as const;
const languages = ['en_US', 'zh_TW'] as const;
type Lang = (typeof languages)[number];

// unique in the run: the acceptance story publishes a work of the same words into the same database
const workName = `星空下的小鎮 ${Date.now().toString(36).slice(-3)}`;
const reportedName = 'Free stars here';
let workId = '';
let authorId = '';

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string, lang: Lang, width: number, fullPage = false) {
  await noSidewaysScroll(page);
  await page.screenshot({ path: path.join(dir, `community-${name}-${lang}-${width}.png`), fullPage });
}

async function newPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, isMobile: width < 600, hasTouch: width < 600 });
  return context.newPage();
}

/** Waits until the pictures in view have loaded, so none is caught half drawn (lazy ones below wait). */
async function picturesLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images].every((img) => {
          const box = img.getBoundingClientRect();
          return img.complete || box.top > window.innerHeight || box.bottom < 0;
        }),
      ),
    )
    .toBe(true);
}

async function uploadPng(page: Page, name: string, pattern: string) {
  const data = readFileSync(ffmpegPng(name, pattern)).toString('base64');
  return callAs(page, calls.works.upload, { kind: 'image', data });
}

// One author with a liked, commented work; a reported work in the queue, and one already hidden
// so the audit log has a line, and a few prompt words.
test.beforeAll(async ({ browser }) => {
  const author = await newPage(browser, 1280);
  await signUpAt(author, uniqueName('painter'));
  const picture = await uploadPng(author, 'stars', 'testsrc=size=640x420:rate=1');
  const work = await callAs(author, calls.works.create, {
    name: workName,
    category: 'Image',
    description: 'A night sky over the hills, the Milky Way rising behind them.',
    tags: ['stars', 'night'],
    mediaKey: picture.key,
  });
  await callAs(author, calls.works.publish, { id: work.id });
  workId = work.id;
  authorId = work.author.userId;
  const reported = await callAs(author, calls.works.create, { name: reportedName, category: 'Living', description: 'Visit my shop for free stars!' });
  await callAs(author, calls.works.publish, { id: reported.id });
  const hidden = await callAs(author, calls.works.create, { name: 'Shop links', category: 'Living', description: 'Buy now' });
  await callAs(author, calls.works.publish, { id: hidden.id });

  const fan = await newPage(browser, 1280);
  await signUpAt(fan, uniqueName('fan'));
  await callAs(fan, calls.works.like, { id: work.id });
  await callAs(fan, calls.works.collect, { id: work.id });
  const comment = await callAs(fan, calls.comments.create, { workId: work.id, text: '好美的星空！The colours are wonderful.' });
  await callAs(author, calls.comments.create, { workId: work.id, text: 'Thank you! It was a clear night.', replyToId: comment.id });
  const evidence = readFileSync(ffmpegPng('evidence', 'color=c=red:size=320x240')).toString('base64');
  await callAs(fan, calls.reports.submit, { workId: reported.id, type: 'spam', description: 'It sends people to a shop.', images: [evidence, evidence] });
  await callAs(fan, calls.reports.submit, { workId: hidden.id, type: 'spam', description: 'Advertising' });

  const admin = await newPage(browser, 1280);
  await admin.goto('/');
  await signUpThroughProvider(admin, 'e2eadmin');
  await callAs(admin, calls.moderation.hide, { workId: hidden.id, reason: 'Advertising links are not allowed' });
  // words no other spec writes in a description, as the run shares one database
  await callAs(admin, calls.moderation.addPromptWords, { words: ['counterfeit', 'get rich quick', '代刷'] });
  for (const page of [author, fan, admin]) await page.context().close();
});

for (const width of widths) {
  for (const lang of languages) {
    test(`community pages fit ${width}px in ${lang}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const page = await newPage(browser, width);
      await page.addInitScript((code) => localStorage.setItem('languageType', code), lang);
      await signUpAt(page, uniqueName('shot'), '/', lang);

      await expect(page.locator('main ul[aria-label] li').first()).toBeVisible();
      await picturesLoaded(page);
      await shot(page, 'home', lang, width);

      await page.goto(`/#/?work=${workId}`);
      const detail = page.getByRole('dialog');
      await expect(detail.getByText('Thank you! It was a clear night.')).toBeVisible();
      await picturesLoaded(page);
      await shot(page, 'work-detail', lang, width);
      await detail.getByText('Thank you! It was a clear night.').scrollIntoViewIfNeeded();
      await shot(page, 'work-comments', lang, width);

      await detail.getByRole('button', { name: lang === 'en_US' ? 'Report' : '檢舉', exact: true }).click();
      await page.getByRole('radio').first().check();
      await shot(page, 'report-step1', lang, width);
      await page.getByRole('button', { name: lang === 'en_US' ? 'Next' : '下一步' }).click();
      await page
        .getByRole('dialog')
        .locator('textarea')
        .fill(lang === 'en_US' ? 'The picture copies my own work.' : '這張圖抄襲了我的作品。');
      await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(ffmpegPng('proof', 'testsrc2=size=320x240:rate=1'));
      await expect(page.getByRole('dialog').getByRole('list').getByRole('img')).toHaveCount(1);
      await shot(page, 'report-step2', lang, width);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await page.goto(`/#/usercenter/${authorId}`);
      await page.getByRole('tab', { name: lang === 'en_US' ? 'Works' : '作品' }).click();
      await expect(page.getByRole('button', { name: workName }).first()).toBeVisible();
      await picturesLoaded(page);
      await shot(page, 'profile', lang, width, true);

      await page.goto('/#/usercenter');
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await shot(page, 'usercenter', lang, width, true);

      await page.goto(`/#/search?q=${encodeURIComponent('星空')}`);
      await expect(page.getByRole('button', { name: workName })).toBeVisible();
      await picturesLoaded(page);
      await shot(page, 'search', lang, width, true);
      await page.context().close();

      // the console, as the administrator
      const admin = await newPage(browser, width);
      await admin.goto('/');
      // signed in through the English header, then switched: the session stays in the tab
      await signUpThroughProvider(admin, 'e2eadmin');
      await admin.evaluate((code) => localStorage.setItem('languageType', code), lang);
      await admin.goto('/#/moderation');
      await admin.reload();
      await admin.getByRole('button', { name: new RegExp(reportedName) }).click();
      await expect(admin.locator('textarea')).toBeVisible();
      await picturesLoaded(admin);
      await shot(admin, 'moderation-queue', lang, width, true);
      await admin.getByRole('tab').nth(1).click();
      await expect(admin.getByText('Advertising links are not allowed').first()).toBeVisible();
      await shot(admin, 'moderation-log', lang, width, true);
      await admin.getByRole('tab').nth(2).click();
      await expect(admin.getByText('get rich quick')).toBeVisible();
      await shot(admin, 'moderation-words', lang, width, true);
      await admin.context().close();
    });
  }
}
