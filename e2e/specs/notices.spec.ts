import { expect, test } from '@playwright/test';
import { bell, signUpThroughProvider, uniqueName } from '../support/session';

test('an admin sends a system notice; the user sees the badge and the list update live, reads it and marks all read', async ({ browser }) => {
  const userContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const user = await userContext.newPage();
  const admin = await adminContext.newPage();
  const title = `Maintenance ${uniqueName('n')}`;

  await user.goto('/');
  await signUpThroughProvider(user, uniqueName('reader'));
  await expect(bell(user)).toHaveAccessibleName('Notifications (1 unread)');
  await bell(user).click();
  await expect(user).toHaveURL(/#\/content\?tab=notifications/);
  await expect(user.getByRole('tab', { name: /^Notifications/ })).toHaveAttribute('aria-selected', 'true');

  await admin.goto('/');
  await signUpThroughProvider(admin, 'e2eadmin');
  await admin.goto('/#/content?tab=notifications');
  const form = admin.getByRole('form', { name: 'Send a notice' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Content' }).fill('Starlit will be down for ten minutes tonight.');
  await form.getByRole('radio', { name: 'Everyone' }).check();
  await form.getByRole('button', { name: 'Send notice' }).click();
  await expect(admin.getByText('Notice sent')).toBeVisible();

  // pushed over the realtime stream: no reload on the user's side
  await expect(bell(user)).toHaveAccessibleName('Notifications (2 unread)');
  const notice = user.getByRole('button', { name: new RegExp(title) });
  await expect(notice).toBeVisible();
  await notice.click();
  const dialog = user.getByRole('dialog', { name: title });
  await expect(dialog.getByText('Starlit will be down for ten minutes tonight.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(bell(user)).toHaveAccessibleName('Notifications (1 unread)');

  await user.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(user)).toHaveAccessibleName('Notifications');

  await user.getByRole('tab', { name: /^Interactive messages/ }).click();
  await expect(user.getByText(/no interactive messages|nothing here/i).first()).toBeVisible();

  await userContext.close();
  await adminContext.close();
});

test('an admin sends a notice to one user only, picked by name', async ({ browser }) => {
  const aliceContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  const admin = await adminContext.newPage();
  await alice.goto('/');
  const aliceName = uniqueName('alice');
  await signUpThroughProvider(alice, aliceName);

  await admin.goto('/');
  await signUpThroughProvider(admin, 'e2eadmin');
  await admin.goto('/#/content?tab=notifications');
  const form = admin.getByRole('form', { name: 'Send a notice' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Just for you');
  await form.getByRole('textbox', { name: 'Content' }).fill('A personal hello.');
  await form.getByRole('radio', { name: 'One user' }).check();
  await form.getByRole('button', { name: 'Send notice' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose the user to send to');
  await form.getByRole('textbox', { name: 'User name' }).fill(aliceName.slice(0, -2).toUpperCase());
  await form.getByRole('list', { name: 'Matching users' }).getByRole('button', { name: aliceName }).click();
  await expect(form).toContainText(`To${aliceName}`);
  await form.getByRole('button', { name: 'Send notice' }).click();
  await expect(admin.getByText('Notice sent')).toBeVisible();

  await expect(bell(alice)).toHaveAccessibleName('Notifications (2 unread)');
  await admin.reload();
  await expect(admin.getByRole('button', { name: /Just for you/ })).toHaveCount(0);
  await aliceContext.close();
  await adminContext.close();
});
