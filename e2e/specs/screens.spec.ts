import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpAt, uniqueName } from '../support/session';

// With SCREENSHOTS=1 the pictures land in docs/screenshots (committed); otherwise in test-results.
const dir = process.env.SCREENSHOTS ? path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots') : path.join(import.meta.dirname, '..', 'test-results', 'screens');
const widths = [1280, 390] as const;
const languages = [
  { code: 'en_US', label: 'English' },
  { code: 'zh_TW', label: '繁體中文' },
] as const;

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function useLanguage(page: Page, code: string) {
  await page.addInitScript((lang) => localStorage.setItem('languageType', lang), code);
}

for (const width of widths) {
  for (const lang of languages) {
    test(`home, sign-in and notifications fit ${width}px in ${lang.code}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, isMobile: width < 600, hasTouch: width < 600 });
      const page = await context.newPage();
      await useLanguage(page, lang.code);

      await page.goto('/');
      await expect(page.locator('main img').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await noSidewaysScroll(page);
      await page.screenshot({ path: path.join(dir, `home-${lang.code}-${width}.png`) });

      // sign-in pages of the built-in provider, in the same language
      await page.goto(`/ai/api/v1/auth/authorize?return_to=%2F&lang=${lang.code}`);
      await expect(page.locator('form input[name="username"]')).toBeVisible();
      await noSidewaysScroll(page);
      await page.screenshot({ path: path.join(dir, `sign-in-${lang.code}-${width}.png`) });

      // notifications of a signed-in user, with the welcome notice unread
      await signUpAt(page, uniqueName('shot'), '/#/content?tab=notifications', lang.code);
      // the open event stream keeps the network busy, so wait for the welcome notice itself
      await expect(page.getByRole('button', { name: /Welcome to Starlit|歡迎來到 Starlit/ })).toBeVisible();
      await noSidewaysScroll(page);
      // a short title is shown whole: on a phone the time moves under it instead of cutting it
      const title = page.getByText(/^(Welcome to Starlit|歡迎來到 Starlit)$/);
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.screenshot({ path: path.join(dir, `notifications-${lang.code}-${width}.png`) });
      await context.close();
    });
  }
}
