import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from '../support/api';
import { screenshotDir, sidewaysScroll, useLanguage } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 11, creation jobs: from home to Create, the text2Img studio, a charged creation whose
// progress survives a reload (the test server pauses each creation 6 s, CREATION_DELAY_MS),
// then the result and its download.

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;

async function person(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  return page;
}

test('a person makes a picture from text, reloads mid-job, and downloads the result', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await person(browser, 'e2eadmin');
  const name = uniqueName('maker');
  const page = await person(browser, name);
  const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
  await callAs(admin, calls.economyAdmin.adjust, { userId, currency: 'CAC', amount: 3, reason: 'creation e2e', key: key() });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await page.getByRole('link', { name: /Text to image/ }).click();
  const form = page.getByRole('form', { name: 'Text to image' });
  await form.getByRole('textbox', { name: 'Description' }).fill('a lighthouse under the northern lights');
  await form.getByRole('combobox', { name: 'Style' }).selectOption('watercolor');
  await form.getByRole('combobox', { name: 'Ratio' }).selectOption('16:9');
  const generate = form.getByRole('button', { name: 'Generate · 1 creation count' });
  await generate.click();

  const progress = page.getByRole('progressbar', { name: 'Progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText('Drawing…')).toBeVisible();
  // the creation is in the address: a reload finds it still generating, further along
  await page.reload();
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/);
  // the job in progress at both widths in both languages (the reload of a language switch finds it still going)
  for (const lang of ['en_US', 'zh_TW'] as const) {
    if (lang === 'zh_TW') await useLanguage(page, lang);
    await expect(page.getByRole('progressbar')).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: path.join(screenshotDir, `creation-progress-${width}-${lang}.png`), fullPage: true });
    }
  }
  await useLanguage(page, 'en_US');
  await page.setViewportSize({ width: 1280, height: 900 });

  const picture = page.getByRole('img', { name: 'a lighthouse under the northern lights' });
  await expect(picture).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Made by Starlit procedural image engine/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^starlit-text2Img-[0-9a-f]{8}\.png$/);
  await page.screenshot({ path: path.join(screenshotDir, 'creation-done-1280-en_US.png') });

  for (const lang of ['en_US', 'zh_TW'] as const) {
    await useLanguage(page, lang);
    await expect(picture.or(page.getByRole('img', { name: 'a lighthouse under the northern lights' }))).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(screenshotDir, `creation-studio-1280-${lang}.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysScroll(page)).toBe(0);
    await page.screenshot({ path: path.join(screenshotDir, `creation-studio-390-${lang}.png`), fullPage: true });
  }
  await useLanguage(page, 'en_US');
  await page.setViewportSize({ width: 1280, height: 900 });
  // two counts left: a regeneration is a new creation with a new charge
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect(progress).toBeVisible();
  // the person may leave: the studio says where the result will be, and the user center lists it live
  await page.getByRole('status').getByRole('link', { name: 'My creations' }).click();
  const mine = page.getByRole('list', { name: 'My creations' });
  await expect(mine.getByRole('listitem')).toHaveCount(2);
  await expect(mine.getByText(/^Generating · \d+%$/)).toBeVisible();
  await expect(mine.getByText('Done')).toHaveCount(2, { timeout: 60_000 });
  await page.screenshot({ path: path.join(screenshotDir, 'creation-mine-1280-en_US.png') });
  await mine.getByRole('link').first().click();
  await expect(picture).toBeVisible();
  expect((await callAs(page, calls.ledger.balances, {})).CAC).toBe(1);
});
