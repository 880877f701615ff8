import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Recharge with the offline demo provider (docs/economy.md), reached from the account menu as a
// person does; the e2e server has no Stripe key. Stripe's path is tested in the API tests
// against a local server speaking Stripe's protocol.

const dir = process.env.SCREENSHOTS ? path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots') : path.join(import.meta.dirname, '..', 'test-results', 'screens');

const words = {
  en_US: {
    menu: 'Recharge diamonds',
    agreement: 'recharge agreement',
    chapter: 'Chapter 4: Supplementary provisions',
    back: 'Back to recharge',
    adult: /I am 18 or older/,
    pay: 'Pay $4.99',
    paid: '330 diamonds added. Thank you!',
    balance: 'Your diamonds: 330',
    demo: /no money moves/,
  },
  zh_TW: {
    menu: '儲值鑽石',
    agreement: '儲值協議',
    chapter: '第四章　附則',
    back: '返回儲值',
    adult: /我已年滿 18 歲/,
    pay: /支付/,
    paid: '已加入 330 鑽石，謝謝！',
    balance: '你的鑽石：330',
    demo: /不會實際扣款/,
  },
} as const;

test.describe.configure({ mode: 'serial' });

for (const lang of ['en_US', 'zh_TW'] as const) {
  for (const width of [1280, 390]) {
    test(`a new user agrees, confirms being an adult and recharges 300 + 30 diamonds (${lang}, ${width}px)`, async ({ page }) => {
      test.setTimeout(90_000);
      const w = words[lang];
      await page.setViewportSize({ width, height: 900 });
      const userName = uniqueName('buyer');
      await page.goto('/');
      await signUpThroughProvider(page, userName);
      // signed in through the English pages, then the reader's language
      await page.evaluate((code) => localStorage.setItem('languageType', code), lang);
      await page.reload();

      await page.getByRole('button', { name: new RegExp(userName) }).click();
      await page.getByRole('menuitem', { name: w.menu }).click();
      await expect(page).toHaveURL(/\/recharge$/);
      await expect(page.getByText(w.demo)).toBeVisible();

      // the agreement is one click away, and back
      await page.getByRole('link', { name: w.agreement }).click();
      await expect(page.getByRole('heading', { name: w.chapter })).toBeVisible();
      if (process.env.SCREENSHOTS && width === 390) await page.screenshot({ path: path.join(dir, `recharge-agreement-${lang}-${width}.png`), fullPage: true });
      await page.getByRole('link', { name: w.back }).click();

      // nothing can be paid before a package, the agreement and the adult confirmation
      await page.getByRole('button', { name: /^300\b/ }).click();
      const pay = page.getByRole('button', { name: w.pay });
      await expect(pay).toBeDisabled();
      await page.getByRole('checkbox').first().check();
      await expect(pay).toBeDisabled();
      await page.getByLabel(w.adult).check();
      if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(dir, `recharge-${lang}-${width}.png`), fullPage: true });
      // a double click pays once
      await pay.dblclick();
      await expect(page.getByText(w.paid).first()).toBeVisible();
      await expect(page.getByText(w.balance)).toBeVisible();
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(scroll).toBeLessThanOrEqual(0);
    });
  }
}
