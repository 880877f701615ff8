import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpAt, uniqueName } from '../support/session';

// With SCREENSHOTS=1 the pictures land in docs/screenshots (committed); otherwise in test-results.
const dir = process.env.SCREENSHOTS ? path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots') : path.join(import.meta.dirname, '..', 'test-results', 'screens');
const widths = [1280, 390] as const;
const languages = ['en_US', 'zh_TW'] as const;

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of widths) {
  for (const lang of languages) {
    test(`user center and a profile fit ${width}px in ${lang}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, isMobile: width < 600, hasTouch: width < 600 });
      const page = await context.newPage();
      await page.addInitScript((code) => localStorage.setItem('languageType', code), lang);

      // someone else's profile, opened from a home card's author
      await page.goto('/#/?tab=image');
      // the seeded author's, whose works have pictures: other specs add works of new users
      await page.locator('main ul a[href*="/usercenter/"]', { hasText: 'Starlit' }).first().click();
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('main ul[aria-label] li img').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // away from the cards, so none is shown hovered
      await page.mouse.move(0, 0);
      await noSidewaysScroll(page);
      await page.screenshot({ path: path.join(dir, `profile-${lang}-${width}.png`), fullPage: true });

      // my user center, on its personal info tab
      await signUpAt(page, uniqueName('shot'), '/#/usercenter', lang);
      await expect(page.locator('form input[type="date"]')).toBeVisible();
      await noSidewaysScroll(page);
      await page.screenshot({ path: path.join(dir, `user-center-${lang}-${width}.png`), fullPage: true });
      await context.close();
    });
  }
}
