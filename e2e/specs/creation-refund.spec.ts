import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from '../support/api';
import { openUserCenterTab, screenshotDir, sidewaysScroll, useLanguage } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 11, acceptance: a provider that fails. This server's image provider is the held
// provider, whose image endpoint always answers 503 as an overloaded OpenAI does: the creation
// fails after its two attempts with "Generation failed", the studio says nothing was charged and
// offers Retry, and the order records show the charge refunded with its refund row.

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;

async function person(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  return page;
}

test('a provider failure fails the creation, refunds it, and the refund shows in order records', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await person(browser, 'e2eadmin');
  const name = uniqueName('unlucky');
  const page = await person(browser, name);
  const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
  await callAs(admin, calls.economyAdmin.adjust, { userId, currency: 'CAC', amount: 1, reason: 'creation refund e2e', key: key() });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await page.getByRole('link', { name: /Text to image/ }).click();
  const form = page.getByRole('form', { name: 'Text to image' });
  await form.getByRole('textbox', { name: 'Description' }).fill('a paper boat on a stormy sea');
  await form.getByRole('button', { name: 'Generate · 1 creation count' }).click();

  await expect(page.getByText('Generation failed')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Nothing was charged: the cost was refunded.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();
  expect((await callAs(page, calls.ledger.balances, {})).CAC).toBe(1);
  for (const lang of ['en_US', 'zh_TW'] as const) {
    await useLanguage(page, lang);
    await expect(page.getByText(lang === 'en_US' ? 'Generation failed' : '生成失敗')).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      expect(await sidewaysScroll(page)).toBe(0);
      await page.screenshot({ path: path.join(screenshotDir, `creation-failed-${width}-${lang}.png`), fullPage: true });
    }
  }
  await useLanguage(page, 'en_US');
  await page.setViewportSize({ width: 1280, height: 900 });

  await openUserCenterTab(page, { menu: /^Account menu for /, myPage: 'My page', tab: 'Order records' });
  const records = page.getByRole('list', { name: 'Order records' });
  await expect(records.getByRole('listitem').filter({ hasText: 'Refund · Creation: Text to image' })).toBeVisible();
  await expect(
    records
      .getByRole('listitem')
      .filter({ hasText: /^(?!Refund).*Creation: Text to image/ })
      .getByText('Refunded'),
  ).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'creation-refund-records-1280-en_US.png'), fullPage: true });
});
