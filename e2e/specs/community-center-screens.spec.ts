import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpAt, uniqueName } from '../support/session';

// With SCREENSHOTS=1 the pictures land in docs/screenshots (committed); otherwise in test-results.
const dir = process.env.SCREENSHOTS ? path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots') : path.join(import.meta.dirname, '..', 'test-results', 'screens');
const widths = [1280, 390] as const;
const languages = ['en_US', 'zh_TW'] as const;

for (const width of widths) {
  for (const lang of languages) {
    test(`community center and my content fit ${width}px in ${lang}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, isMobile: width < 600, hasTouch: width < 600 });
      const page = await context.newPage();
      await page.addInitScript((code) => localStorage.setItem('languageType', code), lang);

      await page.goto('/#/community');
      await expect(page.locator('main ul[aria-label] li img').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.mouse.move(0, 0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(dir, `community-center-${lang}-${width}.png`) });

      await signUpAt(page, uniqueName('shot'), '/#/content?tab=my-collections', lang);
      // signed in, the live notice stream keeps the network busy: wait for the tab's own words
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(dir, `content-${lang}-${width}.png`) });
      await context.close();
    });
  }
}
