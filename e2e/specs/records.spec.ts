import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { calls, RECHARGE_AGREEMENT_VERSION } from '@starlit/contract';
import { callAs } from '../support/api';
import { screenshotDir } from '../support/economy';
import { accountButton, signUpThroughProvider, uniqueName } from '../support/session';

// Issue 10, records: my order records in the user center (filter, load more, CSV download) and
// the admins' economy console, reached by clicking from home as a person does.

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;

const words = {
  en_US: {
    menu: /^Account menu for /,
    myPage: 'My page',
    tab: 'Order records',
    type: 'Type',
    exchange: 'Exchange',
    all: 'All types',
    more: 'Load more',
    download: 'Download CSV',
    recharge: 'Diamond package p300',
  },
  zh_TW: { menu: / 的帳號選單$/, myPage: '我的主頁', tab: '訂單記錄', type: '類型', exchange: '兌換', all: '全部類型', more: '載入更多', download: '下載 CSV', recharge: '鑽石方案 p300' },
} as const;

/** A recharge through the demo provider (paid at once) and `exchanges` exchanges: 2 + 2 × exchanges records. */
async function movements(page: Page, exchanges: number) {
  await callAs(page, calls.recharge.create, { packageId: 'p300', agreementVersion: RECHARGE_AGREEMENT_VERSION, adult: true, requestKey: key() });
  for (let i = 0; i < exchanges; i++) await callAs(page, calls.exchange.exchange, { target: 'CAC', diamonds: 1, key: key() });
}

test.describe.configure({ mode: 'serial' });

for (const lang of ['en_US', 'zh_TW'] as const) {
  for (const width of [1280, 390]) {
    test(`my order records: every movement, a type filter, load more and a CSV download (${lang}, ${width}px)`, async ({ page }) => {
      test.setTimeout(90_000);
      const w = words[lang];
      await page.setViewportSize({ width, height: 900 });
      const userName = uniqueName('records');
      await page.goto('/');
      await signUpThroughProvider(page, userName);
      await movements(page, 10);
      await page.evaluate((code) => localStorage.setItem('languageType', code), lang);
      await page.reload();

      await page.getByRole('button', { name: w.menu }).click();
      await page.getByRole('menuitem', { name: w.myPage }).click();
      await page.getByRole('tab', { name: w.tab }).click();
      const rows = page.getByTestId('record');
      // 22 records: the first page holds 20
      await expect(rows).toHaveCount(20);
      await expect(rows.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      await page.getByRole('button', { name: w.more }).click();
      await expect(rows).toHaveCount(22);
      // the recharge's two legs (diamonds and bonus) are the oldest, made at one moment
      await expect(rows.filter({ hasText: w.recharge })).toContainText('+300');
      await expect(rows.nth(20).or(rows.nth(21)).filter({ hasText: w.recharge })).toHaveCount(1);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(screenshotDir, `records-${lang}-${width}.png`), fullPage: true });

      await page.getByRole('combobox', { name: w.type }).selectOption({ label: w.exchange });
      await expect(rows).toHaveCount(20);
      await expect(rows.filter({ hasText: w.recharge })).toHaveCount(0);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: w.download }).click()]);
      expect(download.suggestedFilename()).toMatch(/^starlit-records-exchange-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = fs.readFileSync(await download.path(), 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      // a header and the 20 legs of ten exchanges, in the reader's language
      expect(csv.trimEnd().split('\r\n')).toHaveLength(21);
      expect(csv).toContain(lang === 'en_US' ? 'Diamonds exchanged' : '鑽石兌換');

      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(scroll).toBeLessThanOrEqual(0);
    });
  }
}

test('an admin looks a person up, adjusts their balance with a reason, and edits a package; a user cannot', async ({ browser }) => {
  test.setTimeout(90_000);
  const user = await (await browser.newContext()).newPage();
  const name = uniqueName('adjusted');
  await user.goto('/');
  await signUpThroughProvider(user, name);
  await movements(user, 1);
  await user.goto('/#/economy');
  await expect(user.getByText('For admins only')).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/');
  await signUpThroughProvider(admin, 'e2eadmin');
  await accountButton(admin, 'e2eadmin').click();
  await admin.getByRole('menuitem', { name: 'Economy console' }).click();
  await expect(admin.getByRole('heading', { name: 'Economy console' })).toBeVisible();
  await admin.getByRole('textbox', { name: 'User name' }).fill(name);
  await admin.getByRole('button', { name: 'Find' }).click();
  await expect(admin.getByTestId('admin-balance-JE')).toHaveText('329');

  const adjust = admin.getByRole('form', { name: 'Adjust a balance' });
  await adjust.getByRole('textbox', { name: /^Amount/ }).fill('50');
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(adjust.getByText('A reason is required for every adjustment')).toBeVisible();
  await adjust.getByRole('textbox', { name: /^Reason/ }).fill('Compensation for the outage');
  await adjust.getByRole('button', { name: 'Adjust' }).dblclick();
  await expect(admin.getByTestId('admin-balance-JE')).toHaveText('379');
  await expect(admin.getByTestId('record').filter({ hasText: 'Adjusted by an admin: Compensation for the outage' })).toHaveCount(1);
  await adjust.getByRole('textbox', { name: /^Amount/ }).fill('-1000');
  await adjust.getByRole('textbox', { name: /^Reason/ }).fill('Too much');
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(admin.getByText('Insufficient Diamond')).toBeVisible();
  await expect(admin.getByTestId('admin-balance-JE')).toHaveText('379');
  for (const width of [1280, 390]) {
    await admin.setViewportSize({ width, height: 900 });
    if (process.env.SCREENSHOTS) await admin.screenshot({ path: path.join(screenshotDir, `economy-console-en_US-${width}.png`), fullPage: true });
  }
  await admin.setViewportSize({ width: 1280, height: 900 });

  await admin.getByRole('tab', { name: 'Recharge packages' }).click();
  const p60 = admin.getByRole('form', { name: 'Package p60' });
  await p60.getByRole('textbox', { name: 'Bonus' }).fill('6');
  await p60.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Package p60 saved')).toBeVisible();
  await user.goto('/#/recharge');
  await expect(user.getByRole('button', { name: /^60\b/ })).toContainText('6');
  await admin.getByRole('form', { name: 'Package p60' }).getByRole('textbox', { name: 'Bonus' }).fill('0');
  await admin.getByRole('form', { name: 'Package p60' }).getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Package p60 saved').first()).toBeVisible();

  // the person is told why their balance changed
  await user.goto('/#/content');
  await expect(user.getByText('Your balance was adjusted').first()).toBeVisible();

  // the console in Chinese, at both widths
  await admin.evaluate(() => localStorage.setItem('languageType', 'zh_TW'));
  await admin.reload();
  await admin.getByRole('tab', { name: '餘額與記錄' }).click();
  await admin.getByRole('textbox', { name: '使用者名稱' }).fill(name);
  await admin.getByRole('button', { name: '查詢' }).click();
  await expect(admin.getByTestId('record').filter({ hasText: '管理員調整：Compensation for the outage' })).toHaveCount(1);
  for (const width of [1280, 390]) {
    await admin.setViewportSize({ width, height: 900 });
    if (process.env.SCREENSHOTS) await admin.screenshot({ path: path.join(screenshotDir, `economy-console-zh_TW-${width}.png`), fullPage: true });
    const scroll = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(scroll).toBeLessThanOrEqual(0);
  }
});

// Issue 11: a creation's charge is a record from the moment it is held, and a cancelled one is
// refunded in a record of its own, under the same order ID (the test server draws for 6 s).
test('creations in my records: the charge held, then paid, or refunded with a refund row', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUpThroughProvider(page, uniqueName('refunded'));
  // 330 diamonds and no creation counts: each creation costs 2 diamonds
  await movements(page, 0);
  const create = () => callAs(page, calls.creation.create, { workflow: 'text2Img', description: 'a fox in the snow', style: 'watercolor', ratio: '1:1', key: key() });
  const paid = await create();
  const cancelled = await create();
  await callAs(page, calls.creation.cancel, { id: cancelled.id });
  await expect.poll(async () => (await callAs(page, calls.creation.get, { id: paid.id })).state, { timeout: 60_000 }).toBe('done');

  await page.getByRole('button', { name: words.en_US.menu }).click();
  await page.getByRole('menuitem', { name: words.en_US.myPage }).click();
  await page.getByRole('tab', { name: words.en_US.tab }).click();
  const rows = page.getByTestId('record');
  await expect(rows).toHaveCount(5);
  const item = 'Creation: Text to image';
  await expect(rows.filter({ hasText: 'Refund · Creation: Text to image' })).toHaveAttribute('data-status', 'refund');
  const refund = rows.and(page.locator('[data-status="refund"]'));
  await expect(refund).toContainText('+2 JE');
  await expect(refund.getByTestId('record-status')).toHaveText('Refund');
  await expect(rows.and(page.locator('[data-status="refunded"]'))).toContainText(item);
  await expect(rows.and(page.locator('[data-status="refunded"]')).getByTestId('record-status')).toHaveText('Refunded');
  await expect(rows.and(page.locator('[data-status="paid"]')).getByTestId('record-status')).toHaveText('Paid');
  // the recharge has no badge: it simply moved
  await expect(rows.filter({ hasText: words.en_US.recharge }).getByTestId('record-status')).toHaveCount(0);
  // the refund is the cancelled creation's order: its ID is the creation's
  for (const status of ['refund', 'refunded']) await expect(rows.and(page.locator(`[data-status="${status}"]`)).locator('[title]')).toHaveAttribute('title', cancelled.id);
  await expect(rows.and(page.locator('[data-status="paid"]')).locator('[title]')).toHaveAttribute('title', paid.id);

  // a creation still drawing is held; the type filter reads the records again and finds it with the refund
  const drawing = await create();
  await page.getByRole('combobox', { name: words.en_US.type }).selectOption({ label: 'Creation' });
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toHaveAttribute('data-status', 'held');
  await expect(rows.first().getByTestId('record-status')).toHaveText('Held');
  await expect(rows.first().locator('[title]')).toHaveAttribute('title', drawing.id);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(screenshotDir, `records-creations-en_US-${width}.png`), fullPage: true });
  }

  await page.evaluate(() => localStorage.setItem('languageType', 'zh_TW'));
  await page.reload();
  await page.getByRole('button', { name: words.zh_TW.menu }).click();
  await page.getByRole('menuitem', { name: words.zh_TW.myPage }).click();
  await page.getByRole('tab', { name: words.zh_TW.tab }).click();
  await expect(rows.and(page.locator('[data-status="refund"]'))).toContainText('退款・創作：文生圖');
  await expect(rows.and(page.locator('[data-status="refund"]')).getByTestId('record-status')).toHaveText('退款');
  await expect(rows.and(page.locator('[data-status="refunded"]')).getByTestId('record-status')).toHaveText('已退款');
  await expect(rows.and(page.locator('[data-status="paid"]')).first().getByTestId('record-status')).toHaveText('已付款');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(screenshotDir, `records-creations-zh_TW-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
});
