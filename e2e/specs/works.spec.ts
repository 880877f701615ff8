import { expect, test, type Page } from '@playwright/test';
import { ffmpegPng } from '../support/pictures';
import { signUpThroughProvider, uniqueName } from '../support/session';

/** From home, by clicking: "Start creating", then one of the create page's choices. */
async function startFromHome(page: Page, choice: RegExp) {
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await page.getByRole('link', { name: 'Start creating' }).click();
  await page.getByRole('link', { name: choice }).click();
}

test('a user publishes a picture from home, and its share address opens the detail anywhere', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const png = ffmpegPng('sunrise');
  const workName = uniqueName('pic').slice(0, 20);
  await page.goto('/');
  await signUpThroughProvider(page, uniqueName('artist'));

  await startFromHome(page, /Publish a work/);
  await expect(page.getByRole('heading', { name: 'Publish a work', level: 1 })).toBeVisible();
  await page.getByLabel('Choose a file').setInputFiles(png);
  await expect(page.getByText('sunrise.png is uploaded')).toBeVisible();

  // the name counts display width: a Chinese character is 2 of the 20
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('星光星光星光星光星光星');
  await expect(page.getByText('22/20').first()).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Name must be at most 20 characters wide (a Chinese character counts as 2)').first()).toBeVisible();
  await name.fill(workName);
  await expect(page.getByLabel('Category')).toHaveValue('Image');
  await page.getByPlaceholder('New tag').fill('sunrise');
  await page.getByPlaceholder('New tag').press('Enter');
  await page.getByLabel('Description').fill('Morning test pattern');
  await page.getByLabel('Prompt', { exact: true }).fill('a test pattern at dawn');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();

  await expect(page).toHaveURL(/view=mine/);
  const row = page.getByRole('listitem').filter({ hasText: workName });
  await expect(row.getByText('Published', { exact: true })).toBeVisible();

  // home shows it; opening it puts the share address in the URL
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await page.getByRole('button', { name: workName }).first().click();
  const dialog = page.getByRole('dialog', { name: workName });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]work=[0-9a-f-]{36}/);
  await expect(dialog.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\+8/)).toBeVisible();
  await expect(dialog.getByText('#sunrise')).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy prompt' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('a test pattern at dawn');
  const address = page.url();

  await page.reload();
  await expect(page.getByRole('dialog', { name: workName })).toBeVisible();

  // pasted into a new tab, without the session of this one
  const other = await context.newPage();
  await other.goto(address);
  await expect(other.getByRole('dialog', { name: workName })).toBeVisible();
  await other.close();

  // SCAN_IMAGE: full screen, zoom with the buttons and the wheel, Esc closes it
  await dialog.getByRole('button', { name: 'View picture 1 full screen' }).click();
  const viewer = page.getByRole('dialog', { name: 'Picture viewer' });
  await expect(viewer).toBeVisible();
  const picture = viewer.getByTestId('scan-image');
  await expect(picture).toHaveAttribute('data-zoom', '1');
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(picture).toHaveAttribute('data-zoom', '1.25');
  await picture.hover();
  await page.mouse.wheel(0, -200);
  await expect.poll(async () => Number(await picture.getAttribute('data-zoom'))).toBeGreaterThan(1.25);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(dialog).toBeVisible();

  // closing the detail leaves the page it was opened over, without the share address
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/work=/);

  // the author takes it back: the same address now says so to others, in the modal
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'My works' }).click();
  await row.getByRole('button', { name: 'Unpublish' }).click();
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  const visitor = await context.newPage();
  await visitor.goto(address);
  await expect(visitor.getByRole('dialog').getByRole('alert')).toHaveText('The work is not published');
  await visitor.close();

  // and deletes it after confirming
  await row.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete "${workName}"?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('listitem').filter({ hasText: workName })).toHaveCount(0);
});

test('a user writes a post with two pictures and pages through them', async ({ page }) => {
  const postName = uniqueName('post').slice(0, 20);
  await page.goto('/');
  await signUpThroughProvider(page, uniqueName('writer'));

  await startFromHome(page, /Write a post/);
  await page.getByLabel('Add pictures').setInputFiles([ffmpegPng('one', 'color=c=orange:size=320x320'), ffmpegPng('two', 'testsrc2=size=320x320:rate=1')]);
  await expect(page.getByRole('button', { name: /Remove picture/ })).toHaveCount(2);
  await page.getByLabel('Name', { exact: true }).fill(postName);
  await page.getByLabel('Text').fill('Two pictures from my walk');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page).toHaveURL(/view=mine/);

  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await page.getByRole('tab', { name: 'Post' }).click();
  await page.getByRole('list', { name: 'Post' }).getByRole('button', { name: postName }).click();
  const dialog = page.getByRole('dialog', { name: postName });
  await expect(dialog.getByText('Two pictures from my walk')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /full screen/ })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'View picture 1 full screen' }).click();
  const viewer = page.getByRole('dialog', { name: '1 / 2' });
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Next picture' }).click();
  await expect(page.getByRole('dialog', { name: '2 / 2' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
});
