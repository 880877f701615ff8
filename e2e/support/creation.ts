import { expect, type Page } from '@playwright/test';

// Steps of the creation studio several specs take the way a person does.

/** Publishes the studio's finished creation as a work named `name`, from its Publish button. */
export async function publishFromStudio(page: Page, name: string) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish as a work' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'View work' })).toBeVisible();
}

/** From anywhere, home's `tab` and the card of the work named `name`: its detail dialog. */
export async function openFromHome(page: Page, tab: string, name: string) {
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('tabpanel', { name: tab }).getByRole('button', { name }).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail).toBeVisible();
  return detail;
}
