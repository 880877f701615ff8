import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from '../support/api';
import { screenshotDir, sidewaysScroll, useLanguage } from '../support/economy';
import { ffmpegPng } from '../support/pictures';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 11, img2Img: from home to Create, the Image to image studio; a text file named .png is
// refused in the person's language, a PNG made by ffmpeg is taken, and the redrawn picture is
// generated (the test server pauses each creation 6 s, CREATION_DELAY_MS) and downloaded.

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;

/** A text file named like a picture: the server judges uploads by their content. */
function textNamedPng(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'starlit-txt-')), 'holiday.png');
  writeFileSync(file, 'These are my holiday notes, not a picture.\n');
  return file;
}

async function person(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  return page;
}

const words = {
  en_US: {
    form: 'Image to image',
    picture: 'Your picture',
    ready: 'Ready: 320 × 240 pixels. Choose another to replace it.',
    refusal: 'The picture must be a JPEG, PNG or WebP image',
    strength: 'Strength',
    description: 'the test card as a neon sign at night',
  },
  zh_TW: {
    form: '圖片生成圖片',
    picture: '你的圖片',
    ready: '已就緒：320 × 240 像素。選擇另一張即可替換。',
    refusal: '圖片必須是 JPEG、PNG 或 WebP 格式',
    strength: '變化強度',
    description: '把測試卡畫成夜裡的霓虹招牌',
  },
} as const;

test('a person redraws a picture of theirs, after a refused file, and downloads the result', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await person(browser, 'e2eadmin');
  const name = uniqueName('redrawer');
  const page = await person(browser, name);
  const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
  await callAs(admin, calls.economyAdmin.adjust, { userId, currency: 'CAC', amount: 2, reason: 'img2Img e2e', key: key() });
  const picture = ffmpegPng('street', 'testsrc=size=320x240:rate=1');
  const notPicture = textNamedPng();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await page.getByRole('link', { name: /Image to image/ }).click();
  await expect(page).toHaveURL(/studio=img2Img/);
  const form = page.getByRole('form', { name: 'Image to image' });
  const generate = form.getByRole('button', { name: 'Generate · 1 creation count' });
  // without a picture the studio asks for one before anything is sent
  await form.getByRole('textbox', { name: 'Description' }).fill('the test card as a neon sign at night');
  await generate.click();
  await expect(page.getByText('Please choose a picture to start from')).toBeVisible();

  await form.getByLabel(words.en_US.picture).setInputFiles(notPicture);
  await expect(form.getByRole('alert')).toHaveText(words.en_US.refusal);
  await expect(form.getByRole('img', { name: 'The picture to start from' })).toHaveCount(0);
  // a real picture replaces the refused file: previewed, taken, and the ratio follows its shape
  await form.getByLabel(words.en_US.picture).setInputFiles(picture);
  await expect(form.getByText(words.en_US.ready)).toBeVisible();
  await expect(form.getByRole('img', { name: 'The picture to start from' })).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Ratio' })).toHaveValue('4:3');
  await form.getByRole('combobox', { name: 'Style' }).selectOption('cyberpunk');
  const strength = form.getByRole('slider', { name: words.en_US.strength });
  await expect(strength).toHaveValue('50');
  await strength.fill('80');
  await expect(form.getByText('80%', { exact: true })).toBeVisible();
  await expect(form.getByText(/Low keeps the shapes and colours of your picture/)).toBeVisible();
  await generate.click();

  const progress = page.getByRole('progressbar', { name: 'Progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText('Drawing…')).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'creation-img2img-progress-1280-en_US.png') });

  const result = page.getByRole('img', { name: 'the test card as a neon sign at night' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Made by Starlit procedural image engine/)).toBeVisible();
  const made = page.getByRole('region', { name: 'Result' });
  await expect(made.getByRole('img', { name: 'The picture to start from' })).toBeVisible();
  await expect(made.getByText('From your picture, strength 80%')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^starlit-img2Img-[0-9a-f]{8}\.png$/);
  expect((await callAs(page, calls.ledger.balances, {})).CAC).toBe(1);

  // each language: the refusal in its words, a picture chosen again beside the kept result
  for (const lang of ['en_US', 'zh_TW'] as const) {
    const w = words[lang];
    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    const studio = page.getByRole('form', { name: w.form });
    await studio.getByLabel(w.picture).setInputFiles(notPicture);
    await expect(studio.getByRole('alert')).toHaveText(w.refusal);
    await studio.getByLabel(w.picture).setInputFiles(picture);
    await expect(studio.getByText(w.ready)).toBeVisible();
    await studio.getByRole('textbox').fill(w.description);
    const slider = studio.getByRole('slider', { name: w.strength });
    await slider.fill('80');
    await slider.blur();
    await expect(result).toBeVisible();
    await page.screenshot({ path: path.join(screenshotDir, `creation-img2img-1280-${lang}.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysScroll(page)).toBe(0);
    await page.screenshot({ path: path.join(screenshotDir, `creation-img2img-390-${lang}.png`), fullPage: true });
  }
});
