import { expect, test, type Page } from '@playwright/test';
import { balance, openUserCenterTab } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 10, redeem codes and exchange: reached by clicking from home to the user center's Assets tab.

async function openAssets(page: Page, userName: string) {
  await openUserCenterTab(page, { menu: `Account menu for ${userName}`, myPage: 'My page', tab: 'Assets' });
  await expect(page.getByRole('heading', { name: 'My assets' })).toBeVisible();
}

test('an admin makes a code; a user redeems it once and exchanges diamonds, with every refusal said clearly', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/');
  await signUpThroughProvider(admin, 'e2eadmin');
  await openAssets(admin, 'e2eadmin');
  const batch = admin.getByRole('region', { name: 'Create redeem codes' });
  await batch.getByRole('textbox', { name: 'Value of each code' }).fill('20');
  await batch.getByRole('button', { name: 'Create' }).click();
  const shown = batch.getByRole('textbox', { name: 'The codes (shown only now; copy them)' });
  await expect(shown).toHaveValue(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  const code = await shown.inputValue();

  const user = await (await browser.newContext()).newPage();
  const name = uniqueName('assets');
  await user.goto('/');
  await signUpThroughProvider(user, name);
  await openAssets(user, name);
  await expect(balance(user, 'JE')).toHaveText('0');

  await user.getByRole('button', { name: 'Redeem code' }).click();
  const dialog = user.getByRole('dialog', { name: 'Redeem a code' });
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.getByText('A redeem code must be entered')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Redeem code' }).fill('AAAA-BBBB-CCCC-DDDD');
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.getByText('This redeem code does not exist')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Redeem code' }).fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog).toBeHidden();
  await expect(balance(user, 'JE')).toHaveText('20');

  await user.getByRole('button', { name: 'Redeem code' }).click();
  await dialog.getByRole('textbox', { name: 'Redeem code' }).fill(code);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.getByText('You have already redeemed this code')).toBeVisible();
  await user.keyboard.press('Escape');

  await user.getByRole('button', { name: 'Exchange diamonds for creation counts' }).click();
  const cac = user.getByRole('dialog', { name: 'Exchange diamonds for creation counts' });
  await expect(cac.getByText('1 diamond = 1 creation count')).toBeVisible();
  await cac.getByRole('textbox', { name: 'Diamonds to exchange' }).fill('5');
  await cac.getByRole('button', { name: 'Exchange' }).click();
  await expect(cac).toBeHidden();
  await expect(balance(user, 'CAC')).toHaveText('5');
  await expect(balance(user, 'JE')).toHaveText('15');

  await user.getByRole('button', { name: 'Exchange diamonds for compute power' }).click();
  const cwa = user.getByRole('dialog', { name: 'Exchange diamonds for compute power' });
  await cwa.getByRole('textbox', { name: 'Diamonds to exchange' }).fill('16');
  await cwa.getByRole('button', { name: 'Exchange' }).click();
  await expect(user.getByText('Insufficient Diamond')).toBeVisible();
  await cwa.getByRole('textbox', { name: 'Diamonds to exchange' }).fill('2');
  await expect(cwa.getByText('You receive 20 compute power')).toBeVisible();
  await cwa.getByRole('button', { name: 'Exchange' }).click();
  await expect(cwa).toBeHidden();
  await expect(balance(user, 'CWA')).toHaveText('20');
  await expect(balance(user, 'JE')).toHaveText('13');
});
