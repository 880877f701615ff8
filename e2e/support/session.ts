import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A user name no other test (or retry) has taken. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`;
}

export const PASSWORD = 'starlit-e2e-pass';

/**
 * Signs up through the app's own path: the header's Sign in button, the built-in
 * provider's sign-up page, and back to the app with the code exchanged.
 */
export async function signUpThroughProvider(page: Page, userName: string) {
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await completeSignUp(page, userName);
  await expect(accountButton(page, userName)).toBeVisible();
}

/**
 * The same sign-up, started at the authorize address instead of the header, in any
 * language and at any width: the form is filled by field names, not labels.
 */
export async function signUpAt(page: Page, userName: string, returnTo = '/', lang = 'en_US') {
  await page.goto(`/ai/api/v1/auth/authorize?return_to=${encodeURIComponent(returnTo)}&lang=${lang}`);
  await expect(page).toHaveURL(/\/passport\/authorize/);
  await page.locator('a[href*="/passport/signup"]').click();
  await page.locator('input[name="username"]').fill(userName);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="confirm"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/passport'));
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();
}

/** Fills the provider's sign-up form; a name taken already (a retried test) signs in instead. */
async function completeSignUp(page: Page, userName: string) {
  await expect(page).toHaveURL(/\/passport\/authorize/);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  if (await page.getByText('This username is already taken').isVisible()) {
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username').fill(userName);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.waitForURL((url) => !url.pathname.startsWith('/passport'));
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();
}

/** The header's account menu button of a signed-in user. */
export function accountButton(page: Page, userName: string) {
  return page.getByRole('button', { name: `Account menu for ${userName}` });
}

/** The bell link; its name carries the unread count. */
export function bell(page: Page) {
  return page.getByRole('link', { name: /^Notifications/ });
}
