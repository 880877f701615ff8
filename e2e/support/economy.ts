import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

// Steps of issue 10's economy that several specs take the way a person does: the header's
// Store, the user center's tabs, an agent found through search, a payment in the RECHARGE modal.

/** Where SCREENSHOTS=1 writes pictures for the docs; otherwise out of the checkout. */
export const screenshotDir = process.env.SCREENSHOTS ? path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots') : path.join(import.meta.dirname, '..', 'test-results', 'screens');

/** The app in another language, as the language menu leaves it: stored, then the page read again. */
export async function useLanguage(page: Page, lang: 'en_US' | 'zh_TW') {
  await page.evaluate((code) => localStorage.setItem('languageType', code), lang);
  await page.reload();
}

/** Pixels the page scrolls sideways (0 when it fits its width). */
export const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** From anywhere, the header's Store link (in the menu below 1024 px). */
export async function openStore(page: Page, w: { openMenu: string; nav: string; title: string }) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) await page.getByRole('button', { name: w.openMenu }).click();
  await page.getByRole('link', { name: w.nav, exact: true }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
}

/** From anywhere, the account menu's My page and one tab of the user center. */
export async function openUserCenterTab(page: Page, w: { menu: string | RegExp; myPage: string; tab: string }) {
  await page.getByRole('button', { name: w.menu }).click();
  await page.getByRole('menuitem', { name: w.myPage }).click();
  await page.getByRole('tab', { name: w.tab }).click();
}

/** A balance on the Assets tab. */
export const balance = (page: Page, currency: 'JE' | 'CAC' | 'CWA' | 'MSS') => page.getByTestId(`balance-${currency}`);

/** From anywhere to an agent's page through the header's search (in the menu below 768 px). */
export async function openAgentBySearch(page: Page, agentName: string, w: { openMenu: string; search: string; agents: string }) {
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: w.openMenu }).click();
  const box = page.getByRole('searchbox', { name: w.search });
  await box.fill(agentName);
  await box.press('Enter');
  await page.getByRole('tab', { name: w.agents }).click();
  await page.getByRole('list', { name: w.agents }).getByRole('link', { name: agentName }).click();
  await expect(page.getByRole('heading', { level: 1, name: agentName })).toBeVisible();
}

/** Pays for a package in the open RECHARGE modal through the demo provider (paid at once). */
export async function payInRechargeModal(modal: Locator, w: { diamonds: number; agreement: RegExp; adult: RegExp; pay: string | RegExp }) {
  await modal.getByRole('button', { name: new RegExp(`^${w.diamonds}\\b`) }).click();
  await modal.getByRole('checkbox', { name: w.agreement }).check();
  await modal.getByLabel(w.adult).check();
  await modal.getByRole('button', { name: w.pay }).click();
  await expect(modal).toBeHidden();
}
