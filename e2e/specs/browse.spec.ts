import { expect, test } from '@playwright/test';

test('a visitor sees the seeded home feed and filters it by tab', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Recommend' })).toHaveAttribute('aria-selected', 'true');
  const feed = page.getByRole('list', { name: 'Recommend' });
  await expect(feed.getByRole('listitem').first()).toBeVisible();
  expect(await feed.getByRole('listitem').count()).toBeGreaterThanOrEqual(10);

  await page.getByRole('tab', { name: 'AI Agent' }).click();
  const agents = page.getByRole('list', { name: 'AI Agent' });
  await expect(agents.getByRole('link').first()).toBeVisible();
  await expect(agents.getByRole('listitem')).toHaveCount(6);

  await page.getByRole('tab', { name: 'AI Image' }).click();
  const images = page.getByRole('list', { name: 'AI Image' });
  const firstWork = images.getByRole('button').first();
  const workName = (await firstWork.getAttribute('aria-label')) ?? (await firstWork.innerText()).split('\n')[0];
  await firstWork.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img').first()).toBeVisible();
  expect(workName.length).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('seeded images are served resized by the media server', async ({ page, request }) => {
  await page.goto('/#/?tab=image');
  // card images are decorative (the card's name says what it is), so find them as elements
  const img = page.getByRole('list', { name: 'AI Image' }).locator('img').first();
  await expect(img).toBeVisible();
  const src = await img.getAttribute('src');
  expect(src).toContain('image_process=resize,w_');
  const res = await request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\//);
});

test('a login-required page sends a visitor home with one "log in first" toast', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Recommend' })).toBeVisible();
  await page.goto('/#/agent');
  await expect(page).toHaveURL(/\/#\/$/);
  await expect(page.getByText('Please log in first')).toHaveCount(1);
  await page.goto('/#/aigc-publish');
  await expect(page).toHaveURL(/\/#\/$/);
});

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/404$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).last().click();
  await expect(page.getByRole('tab', { name: 'Recommend' })).toBeVisible();
});

test('the language switch changes every string live and is remembered', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: /Language/ }).selectOption({ label: '繁體中文' });
  await expect(page.getByRole('tab', { name: '推薦' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登入', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /zh/);
  await page.reload();
  await expect(page.getByRole('tab', { name: '我的關注' })).toBeVisible();
  await page.getByRole('combobox', { name: /Language/ }).selectOption({ label: 'English' });
  await expect(page.getByRole('tab', { name: 'My Following' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /en/);
});

test('the community center is one click from home, with its tabs, and old content addresses lead there', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community center' })).toBeVisible();
  for (const name of ['All', 'Works', 'Dance', 'Activities', 'My following']) await expect(page.getByRole('tab', { name })).toBeVisible();
  await page.getByRole('tab', { name: 'Works' }).click();
  await expect(page).toHaveURL(/#\/community\?tab=works/);
  await expect(page.getByRole('list', { name: 'Works' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('tab', { name: 'My following' }).click();
  await expect(page.getByRole('button', { name: 'Log in' }).last()).toBeVisible();
  await page.goto('/#/content?tab=dance');
  await expect(page).toHaveURL(/#\/community\?tab=dance/);
  await expect(page.getByRole('tab', { name: 'Dance', selected: true })).toBeVisible();
});
