import { expect, test } from '@playwright/test';
import { ffmpegJpeg } from '../support/jpeg';
import { accountButton, signUpAt, uniqueName } from '../support/session';

// The user center and profiles (issue 9), reached by clicking as a person does.

test('a new user edits name, gender, birthday and avatar in the user center and finds them after a reload', async ({ page }) => {
  const name = uniqueName('prof');
  await signUpAt(page, name);
  await accountButton(page, name).click();
  await page.getByRole('menuitem', { name: 'My page' }).click();
  await expect(page).toHaveURL(/#\/usercenter\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Personal info' })).toHaveAttribute('aria-selected', 'true');
  // account security is not offered yet
  await expect(page.getByRole('tab')).toHaveText(['Personal info', 'Portfolio', 'My creations', 'Task progress', 'Assets', 'Order records', 'Blacklist']);

  const renamed = `${name}x`;
  await page.getByRole('textbox', { name: 'User name' }).fill(renamed);
  await page.getByRole('combobox', { name: 'Gender' }).selectOption({ label: 'Woman' });
  await page.getByLabel('Birthday').fill('1995-04-12');
  await page.getByLabel('Avatar').setInputFiles(await ffmpegJpeg('face.jpg'));
  await expect(page.getByRole('img', { name: 'New avatar preview' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Hide my works from others' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile is saved')).toBeVisible();
  // the header's session user follows the new name at once
  await expect(accountButton(page, renamed)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'User name' })).toHaveValue(renamed);
  await expect(page.getByRole('combobox', { name: 'Gender' })).toHaveValue('Woman');
  await expect(page.getByLabel('Birthday')).toHaveValue('1995-04-12');
  await expect(page.getByRole('checkbox', { name: 'Hide my works from others' })).toBeChecked();
  await expect(page.locator('header img[src*="avatars-users"]').first()).toBeVisible();

  // the profile's picture opens full screen (SCAN_IMAGE); Escape closes it
  await page.getByRole('button', { name: `View ${renamed}'s picture full screen` }).click();
  const viewer = page.getByRole('dialog', { name: 'Picture viewer' });
  await expect(viewer.getByTestId('scan-image')).toHaveAttribute('src', /avatars-users/);
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByTestId('scan-image')).toHaveAttribute('data-zoom', '1.25');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(accountButton(page, renamed)).toBeVisible();
});

test("another user's profile opens from a home card's author link", async ({ page }) => {
  await page.goto('/#/?tab=image');
  // the seeded author: other specs publish works of new users into the same database
  const authorName = 'Starlit';
  const author = page
    .getByRole('list', { name: 'AI Image' })
    .getByRole('link', { name: `by ${authorName}`, exact: true })
    .first();
  await author.click();
  await expect(page).toHaveURL(/#\/usercenter\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: authorName })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Activities', 'Works', 'Chat', 'Followers', 'Following']);
  await page.getByRole('tab', { name: 'Works' }).click();
  await expect(page.getByRole('list', { name: 'Works' }).getByRole('listitem').first()).toBeVisible();
  // a visitor never sees someone's birthday or the edit form
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
});
