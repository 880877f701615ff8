import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from './api';
import { screenshotDir, sidewaysScroll } from './economy';
import { signUpThroughProvider, uniqueName } from './session';

// Steps of the AI daily task screen the daily-task specs take the way a person does.

/** A seeded public agent every new person may star. */
export const SEEDED_AGENT = 'Luna 露娜';

const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;

/** A person signed up from home, with creation counts an admin gave (as the creation specs do). */
export async function taskPerson(browser: Browser, counts: number): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/');
  await signUpThroughProvider(admin, 'e2eadmin');
  const name = uniqueName('tasker');
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  const userId = (await callAs(admin, calls.economyAdmin.findUser, { name })).userId;
  await callAs(admin, calls.economyAdmin.adjust, { userId, currency: 'CAC', amount: counts, reason: 'daily task e2e', key: key() });
  await admin.context().close();
  return page;
}

/** From home, the header's Daily task link (in the menu below 1024 px; the row shows it from 1280 px). */
export async function openDailyTasks(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Daily task' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI daily task' })).toBeVisible();
}

/** Screenshots of the page from the top at 1280 and 390 px in the language it shows; nothing scrolls sideways. */
export async function taskShots(page: Page, name: string, lang: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await sidewaysScroll(page)).toBe(0);
    await page.screenshot({ path: path.join(screenshotDir, `daily-task-${name}-${width}-${lang}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The form's words and star, in English. */
export async function fillTask(page: Page, description: string, introduction: string) {
  const form = page.getByRole('form', { name: 'Daily task form' });
  await form.getByRole('textbox', { name: /^Description/ }).fill(description);
  await form.getByRole('textbox', { name: /^Introduction/ }).fill(introduction);
  await form.getByRole('radio', { name: SEEDED_AGENT }).check();
  return form;
}
