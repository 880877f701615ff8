import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from '../support/api';
import { screenshotDir, sidewaysScroll, useLanguage } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 12, the AI daily task screen: a new person goes from home to Create and the header to
// the screen, runs text_to_image with a seeded public agent (the test server waits 10 s before a
// task's first step, so the reload and the switch attempt land mid-task), sees the result and
// its published work, makes a comic in Chinese, and meets the daily limit.

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;
const AGENT = 'Luna 露娜';

async function person(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  return page;
}

/** Screenshots of the page at both widths in the language it shows. */
async function shots(page: Page, name: string, lang: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // from the top, so the sticky header is where a person sees it
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await sidewaysScroll(page)).toBe(0);
    await page.screenshot({ path: path.join(screenshotDir, `daily-task-${name}-${width}-${lang}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Fills the text_to_image form in English and starts it. */
async function startImage(page: Page, description: string) {
  const form = page.getByRole('form', { name: 'Daily task form' });
  await form.getByRole('textbox', { name: /^Description/ }).fill(description);
  await form.getByRole('textbox', { name: /^Introduction/ }).fill('A quiet winter night by the sea, the lighthouse keeping watch.');
  await form.getByRole('radio', { name: AGENT }).check();
  await form.getByRole('combobox', { name: /^Style/ }).selectOption('watercolor');
  await form.getByRole('checkbox', { name: 'X' }).check();
  await form.getByRole('checkbox', { name: 'LINE' }).check();
  await form.getByRole('button', { name: /^Start/ }).click();
}

test('a new person runs daily tasks: a picture live through a reload, a comic in Chinese, and the daily limit', async ({ browser }) => {
  test.setTimeout(360_000);
  const admin = await person(browser, 'e2eadmin');
  const name = uniqueName('tasker');
  const page = await person(browser, name);
  const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
  await callAs(admin, calls.economyAdmin.adjust, { userId, currency: 'CAC', amount: 20, reason: 'daily task e2e', key: key() });

  // home → Create → the AI daily task card
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await page.getByRole('link', { name: /AI daily task/ }).click();
  await expect(page).toHaveURL(/#\/daily-task/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI daily task' })).toBeVisible();
  // and from the header, as the other main pages are reached
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Daily task' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI daily task' })).toBeVisible();
  await expect(page).toHaveTitle(/AI daily task/);

  const tabs = page.getByRole('tablist', { name: 'Task types' });
  await expect(tabs.getByRole('tab')).toHaveCount(6);
  const imageTab = tabs.getByRole('tab', { name: /^Text to image/ });
  await expect(imageTab).toHaveAttribute('aria-selected', 'true');
  await expect(imageTab).toContainText('1 creation count or 2 diamonds');
  await expect(imageTab).toContainText('+5 points');
  await expect(imageTab).toContainText('3 of 3 left today');
  await expect(page.getByText('Scheduled publishes remaining: 5')).toBeVisible();

  // the form says what is missing in the server's words before sending anything
  const form = page.getByRole('form', { name: 'Daily task form' });
  await form.getByRole('button', { name: /^Start/ }).click();
  await expect(form.getByText('Please enter a description')).toBeVisible();
  await expect(form.getByText('Please enter an introduction')).toBeVisible();
  await expect(form.getByText('Please choose an agent')).toBeVisible();
  await expect(form.getByText('Please choose a style')).toBeVisible();
  await shots(page, 'screen', 'en_US');

  await startImage(page, 'Aurora over the sea');
  const progress = page.getByRole('progressbar', { name: 'Progress' });
  await expect(progress).toBeVisible();
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(2);
  await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/);

  // another type cannot be chosen while it generates: the tab stays, the reason is said (the tab
  // is marked aria-disabled, which Playwright waits out; a person can still press it)
  await tabs.getByRole('tab', { name: /^Text to comic/ }).click({ force: true });
  await expect(page.getByText('A daily task cannot switch type while it is generating')).toBeVisible();
  await expect(imageTab).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: /^Text to comic/ })).toHaveAttribute('aria-disabled', 'true');

  // the task is in the address: a reload finds it still generating, further along
  await page.reload();
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/);
  for (const lang of ['en_US', 'zh_TW'] as const) {
    if (lang === 'zh_TW') await useLanguage(page, lang);
    await expect(page.getByRole('progressbar')).toBeVisible();
    await shots(page, 'progress', lang);
  }
  await useLanguage(page, 'en_US');

  const picture = page.getByRole('img', { name: 'Aurora over the sea', exact: true });
  await expect(picture).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Points earned: 5')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Share card of Aurora over the sea' })).toBeVisible();
  const onX = page.getByRole('link', { name: 'Share on X' });
  await expect(onX).toHaveAttribute('target', '_blank');
  await expect(onX).toHaveAttribute('href', /^https:\/\/x\.com\/intent\/post\?text=Aurora%20over%20the%20sea&url=http/);
  await expect(page.getByRole('link', { name: 'Share on LINE' })).toHaveAttribute('href', /^https:\/\/social-plugins\.line\.me\/lineit\/share\?url=/);
  await expect(page.getByRole('link', { name: 'Share on Facebook' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  for (const lang of ['en_US', 'zh_TW'] as const) {
    await useLanguage(page, lang);
    await expect(page.getByRole('img', { name: 'Aurora over the sea', exact: true })).toBeVisible();
    await shots(page, 'image', lang);
  }
  await useLanguage(page, 'en_US');
  // its work, published at once, opens over the screen
  await page.getByRole('link', { name: 'View work' }).click();
  const detail = page.getByRole('dialog', { name: 'Aurora over the sea' });
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // a comic in Chinese: the UI in zh_TW, Chinese words make a Chinese comic
  await useLanguage(page, 'zh_TW');
  await page
    .getByRole('tablist', { name: '任務類型' })
    .getByRole('tab', { name: /^文生漫畫/ })
    .click();
  const zhForm = page.getByRole('form', { name: '每日任務表單' });
  await zhForm.getByRole('textbox', { name: /^描述/ }).fill('露娜在海邊學做蛋糕');
  await zhForm.getByRole('textbox', { name: /^故事介紹/ }).fill('她第一次做蛋糕，把廚房弄得一團亂，最後和朋友一起吃掉了。');
  await zhForm.getByRole('radio', { name: AGENT }).check();
  await zhForm.getByRole('combobox', { name: /^風格/ }).selectOption('cartoon');
  await zhForm.getByRole('combobox', { name: /^場景/ }).selectOption('seaside');
  await zhForm.getByRole('button', { name: '開始 · 3 次創作次數' }).click();
  await expect(page.getByRole('progressbar', { name: '進度' })).toBeVisible();
  await expect(page.getByRole('list', { name: '步驟' }).getByRole('listitem')).toHaveCount(5);
  const comicPage = page.getByRole('img', { name: /^漫畫頁：/ });
  await expect(comicPage).toBeVisible({ timeout: 120_000 });
  const panels = page.getByRole('region', { name: '分格' }).getByRole('img');
  expect(await panels.count()).toBeGreaterThanOrEqual(4);
  expect(await comicPage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await shots(page, 'comic', 'zh_TW');
  await comicPage.screenshot({ path: path.join(screenshotDir, 'daily-task-comic-page.png') });
  await useLanguage(page, 'en_US');
  await expect(page.getByRole('img', { name: /^Comic page: / })).toBeVisible();
  await shots(page, 'comic', 'en_US');

  // the daily limit: two more pictures today, then the fourth is refused
  await page
    .getByRole('tablist', { name: 'Task types' })
    .getByRole('tab', { name: /^Text to image/ })
    .click();
  for (const [i, words] of ['Lanterns on the pier', 'Stars over a cliff'].entries()) {
    await startImage(page, words);
    await expect(page.getByRole('img', { name: words, exact: true })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('tab', { name: /^Text to image/ })).toContainText(`${1 - i} of 3 left today`);
  }
  await startImage(page, 'One picture too many');
  await expect(page.getByText('Daily limit reached')).toBeVisible();
  await expect(page.getByRole('list', { name: /Today's tasks/ }).getByRole('listitem')).toHaveCount(4);
  expect((await callAs(page, calls.ledger.balances, {})).CAC).toBe(20 - 3 - 3);
});
