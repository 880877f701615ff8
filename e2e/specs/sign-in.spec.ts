import { expect, test } from '@playwright/test';
import { accountButton, bell, signUpThroughProvider, uniqueName } from '../support/session';

test('a new user signs up through the built-in provider and returns signed in, without the code', async ({ page }) => {
  const name = uniqueName('newbie');
  await page.goto('/#/?tab=agent');
  await signUpThroughProvider(page, name);
  expect(page.url()).not.toContain('code=');
  expect(page.url()).not.toContain('state=');
  await expect(page.getByRole('tab', { name: 'AI Agent' })).toHaveAttribute('aria-selected', 'true');
  const session = await page.evaluate(() => ({ token: sessionStorage.getItem('token'), passport: sessionStorage.getItem('passportToken'), info: sessionStorage.getItem('userInfo') }));
  expect(session.token?.length).toBeGreaterThan(20);
  expect(session.passport?.length).toBeGreaterThan(20);
  expect(JSON.parse(session.info ?? '{}').userName).toBe(name);
  // the welcome notice makes one unread
  await expect(bell(page)).toHaveAccessibleName('Notifications (1 unread)');

  // the session survives a reload, and a login-required page now opens
  await page.reload();
  await expect(accountButton(page, name)).toBeVisible();
  await page.goto('/#/agent');
  await expect(page).toHaveURL(/#\/agent$/);

  await accountButton(page, name).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('a zh_TW user gets the sign-in pages in zh_TW', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: /Language/ }).selectOption({ label: '繁體中文' });
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/passport\/authorize/);
  await expect(page.getByLabel('使用者名稱')).toBeVisible();
  await expect(page.getByRole('button', { name: '登入' })).toBeVisible();
});

test('a failed code exchange is toasted and leaves the visitor signed out', async ({ page }) => {
  await page.goto('/?code=bogus&state=bogus#/');
  await expect(page.getByText(/sign-in request has expired|sign-in code is invalid/)).toBeVisible();
  expect(page.url()).not.toContain('code=');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a revoked session answers 401: the app clears it and goes home with noLogin once', async ({ page }) => {
  const name = uniqueName('revoked');
  await page.goto('/');
  await signUpThroughProvider(page, name);
  // the account is signed out everywhere from elsewhere (another device)
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const out = await page.request.post('/ai/api/v1/auth/logout_all', { headers: { token: token ?? '' }, data: {} });
  expect((await out.json()).code).toBe(0);
  await page.goto('/#/content?tab=notifications');
  await expect(page).toHaveURL(/#\/\?noLogin=1$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});
