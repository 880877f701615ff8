import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { calls, type Creation } from '@starlit/contract';
import { callAs } from '../support/api';
import { openUserCenterTab, screenshotDir, sidewaysScroll, useLanguage } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 11, "Make the same style" (SPEC §4): an author publishes a picture with a fee of 3
// diamonds; another person finds it from home's AI Image tab, makes the same style with their own
// description, pays the price and the fee, and the author sees the earnings in their records.

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;

async function person(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  return page;
}

test("a person makes the same style as another's work, and the author is paid", async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await person(browser, 'e2eadmin');
  const [authorName, makerName] = [uniqueName('author'), uniqueName('follower')];
  const author = await person(browser, authorName);
  const maker = await person(browser, makerName);
  for (const [name, currency, amount] of [
    [authorName, 'CAC', 1],
    [makerName, 'CAC', 1],
    [makerName, 'JE', 5],
  ] as const) {
    const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
    await callAs(admin, calls.economyAdmin.adjust, { userId, currency, amount, reason: 'same style e2e', key: key() });
  }
  // the author's picture, published with a fee (the studio's publish dialog has its own spec)
  const workName = `Aurora ${Math.random().toString(36).slice(2, 6)}`;
  const made = await callAs(author, calls.creation.create, { workflow: 'text2Img', description: 'a lighthouse under the northern lights', style: 'watercolor', ratio: '16:9', key: key() });
  await expect.poll(async () => ((await callAs(author, calls.creation.get, { id: made.id })) as Creation).state, { timeout: 60_000 }).toBe('done');
  await callAs(author, calls.creation.publish, { id: made.id, name: workName, sameStyleFee: 3 });

  await maker.getByRole('tab', { name: 'AI Image' }).click();
  await maker.getByRole('tabpanel', { name: 'AI Image' }).getByRole('button', { name: workName }).click();
  await maker.getByRole('dialog', { name: workName }).getByRole('link', { name: 'Make the same style' }).click();
  const form = maker.getByRole('form', { name: 'Make the same style' });
  await expect(form.getByText(`The same style as “${workName}” by ${authorName}`)).toBeVisible();
  await expect(form.getByText(/Style: Watercolor · Ratio: 16:9/)).toBeVisible();
  await expect(form.getByText(/author's fee of 3 diamonds/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Description' }).fill('a windmill at dawn');
  for (const lang of ['en_US', 'zh_TW'] as const) {
    if (lang === 'zh_TW') await useLanguage(maker, lang);
    for (const width of [1280, 390]) {
      await maker.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      expect(await sidewaysScroll(maker)).toBe(0);
      await maker.screenshot({ path: path.join(screenshotDir, `creation-same-style-${width}-${lang}.png`), fullPage: true });
    }
  }
  await useLanguage(maker, 'en_US');
  await maker.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('textbox', { name: 'Description' }).fill('a windmill at dawn');
  await form.getByRole('button', { name: 'Generate · 1 creation count + 3 diamonds' }).click();
  await expect(maker.getByRole('img', { name: 'a windmill at dawn' })).toBeVisible({ timeout: 60_000 });
  expect(await callAs(maker, calls.ledger.balances, {})).toMatchObject({ CAC: 0, JE: 2 });

  await openUserCenterTab(author, { menu: /^Account menu for /, myPage: 'My page', tab: 'Order records' });
  await expect(author.getByRole('list', { name: 'Order records' }).getByText(`Earned: someone made the same style as “${workName}”`)).toBeVisible();
  await author.screenshot({ path: path.join(screenshotDir, 'creation-same-style-earnings-1280-en_US.png'), fullPage: true });
});
