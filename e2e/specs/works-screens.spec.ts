import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ffmpegPng } from '../support/pictures';
import { signUpAt, uniqueName } from '../support/session';

// With SCREENSHOTS=1 the pictures land in docs/screenshots (committed); otherwise in test-results.
const dir = process.env.SCREENSHOTS ? path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots') : path.join(import.meta.dirname, '..', 'test-results', 'screens');
const widths = [1280, 390] as const;
const languages = ['en_US', 'zh_TW'] as const;

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Opens the first work of a home tab and waits for its media. */
async function openFirstWork(page: Page, tab: 'image' | 'audio') {
  await page.goto(`/#/?tab=${tab}`);
  await page.locator('main ul[aria-label] li button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

for (const width of widths) {
  for (const lang of languages) {
    test(`publish form and work detail fit ${width}px in ${lang}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, isMobile: width < 600, hasTouch: width < 600 });
      const page = await context.newPage();
      await page.addInitScript((code) => localStorage.setItem('languageType', code), lang);

      await signUpAt(page, uniqueName('shot'), '/#/aigc-publish?view=work', lang);
      await page.locator('input[type="file"]').setInputFiles(ffmpegPng('dawn'));
      // the uploaded picture's preview shows once the form is there
      await expect(page.locator('main img').first()).toBeVisible();
      await page
        .locator('main input[type="text"]')
        .first()
        .fill(lang === 'zh_TW' ? '晨光測試圖' : 'Morning pattern');
      await page
        .locator('main textarea')
        .first()
        .fill(lang === 'zh_TW' ? '清晨的測試圖樣。' : 'A test pattern at dawn.');
      await noSidewaysScroll(page);
      // from the top, so the sticky header is drawn where it belongs in a full-page picture
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(dir, `publish-form-${lang}-${width}.png`), fullPage: true });

      await openFirstWork(page, 'image');
      const picture = page.getByRole('dialog').locator('img').first();
      await expect(picture).toBeVisible();
      // the notice stream keeps the network busy, so wait for the picture itself
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await page.screenshot({ path: path.join(dir, `work-detail-image-${lang}-${width}.png`) });

      await page.keyboard.press('Escape');
      await openFirstWork(page, 'audio');
      await expect(page.getByTestId('waveform')).toBeVisible();
      // the player shows its length once the metadata is in
      await expect.poll(() => page.locator('[role="dialog"] audio').evaluate((audio: HTMLAudioElement) => audio.readyState)).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(dir, `work-detail-audio-${lang}-${width}.png`) });
      await context.close();
    });
  }
}
