import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from '../support/api';
import { screenshotDir, sidewaysScroll, useLanguage } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 11, publishing: a picture made in the text2Img studio is published from its result with a
// fee for "Make the same style", then found the way a visitor would, in home's AI Image tab, where
// its detail says how it was made (docs/creation.md, Publishing).

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;
const description = 'a lighthouse under the northern lights';

/** The page at both widths in the language it shows, fitting the phone's width. */
async function shoot(page: Page, name: string, lang: string, fullPage = false) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(screenshotDir, `creation-publish-${name}-1280-${lang}.png`), fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysScroll(page)).toBe(0);
  await page.screenshot({ path: path.join(screenshotDir, `creation-publish-${name}-390-${lang}.png`), fullPage });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a person publishes a picture from the studio and finds it in the Image tab with how it was made', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/');
  await signUpThroughProvider(admin, 'e2eadmin');
  const name = uniqueName('maker');
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
  await callAs(admin, calls.economyAdmin.adjust, { userId, currency: 'CAC', amount: 1, reason: 'publish e2e', key: key() });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await page.getByRole('link', { name: /Text to image/ }).click();
  const form = page.getByRole('form', { name: 'Text to image' });
  await form.getByRole('textbox', { name: 'Description' }).fill(description);
  await form.getByRole('combobox', { name: 'Style' }).selectOption('watercolor');
  await form.getByRole('combobox', { name: 'Ratio' }).selectOption('16:9');
  await form.getByRole('button', { name: 'Generate · 1 creation count' }).click();
  await expect(page.getByRole('img', { name: description })).toBeVisible({ timeout: 60_000 });

  // the dialog in both languages, at both widths, before publishing
  const dialogNames = { en_US: 'Publish as a work', zh_TW: '發佈為作品' } as const;
  for (const lang of ['zh_TW', 'en_US'] as const) {
    await useLanguage(page, lang);
    await page.getByRole('button', { name: lang === 'en_US' ? 'Publish' : '發佈', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: dialogNames[lang] });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(lang === 'en_US' ? /Make the same style/ : /做同款/)).toBeVisible();
    await shoot(page, 'dialog', lang);
    if (lang === 'en_US') break;
    await dialog.getByRole('button', { name: '稍後再說' }).click();
    await expect(dialog).toBeHidden();
  }

  const dialog = page.getByRole('dialog', { name: 'Publish as a work' });
  const workName = `Aurora ${Math.random().toString(36).slice(2, 8)}`;
  // the works rules are said by their field: 21 wide is one too many, a fee must be whole
  await dialog.getByLabel('Name').fill('星光星光星光星光星光星');
  await dialog.getByLabel('Same-style fee, in diamonds').fill('2.5');
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(dialog.getByText('Name must be at most 20 characters wide (a Chinese character counts as 2)')).toBeVisible();
  await expect(dialog.getByText('The fee must be a whole number of diamonds from 0 to 1000')).toBeVisible();
  await dialog.getByLabel('Name').fill(workName);
  await dialog.getByPlaceholder('A tag, then Enter').fill('aurora');
  await dialog.getByPlaceholder('A tag, then Enter').press('Enter');
  await dialog.getByLabel('Same-style fee, in diamonds').fill('5');
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Published as a work')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View work' })).toBeVisible();
  await shoot(page, 'studio', 'en_US', true);
  const studio = page.url();

  // a visitor's way: home, the AI Image tab, the card
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await page.getByRole('tab', { name: 'AI Image' }).click();
  await page.getByRole('tabpanel', { name: 'AI Image' }).getByRole('button', { name: workName }).click();
  const detail = page.getByRole('dialog', { name: workName });
  const made = detail.getByRole('region', { name: 'How it was made' });
  await expect(made).toBeVisible();
  await expect(made.getByText(description)).toBeVisible();
  await expect(made.getByText('Starlit procedural image engine')).toBeVisible();
  for (const text of ['Text to image', 'Watercolor', '16:9', '768 × 432', '5 diamonds']) await expect(made.getByText(text, { exact: true })).toBeVisible();
  await expect(detail.getByText('#aurora')).toBeVisible();
  await shoot(page, 'detail', 'en_US');

  // the address keeps the work open in the other language
  await useLanguage(page, 'zh_TW');
  const madeZh = page.getByRole('dialog', { name: workName }).getByRole('region', { name: '創作方式' });
  await expect(madeZh).toBeVisible();
  for (const text of ['文字生成圖片', '水彩', '5 顆鑽石', description]) await expect(madeZh.getByText(text, { exact: true })).toBeVisible();
  await shoot(page, 'detail', 'zh_TW');

  // the studio now links the creation to its work
  await useLanguage(page, 'en_US');
  await page.goto(studio);
  await expect(page.getByRole('link', { name: 'View work' })).toBeVisible();
  await page.getByRole('link', { name: 'View work' }).click();
  await expect(page.getByRole('dialog', { name: workName })).toBeVisible();
});
