import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openStore, screenshotDir, sidewaysScroll } from '../support/economy';
import { signUpThroughProvider, uniqueName } from '../support/session';

// Issue 10, the store and cart (docs/economy.md, Store): reached from home by the header's
// navigation, as a person does, in both languages and at phone width. A new user fills a cart,
// is short of diamonds, follows "Recharge" to the demo provider, and buys the cart at once.

const words = {
  en_US: {
    nav: 'Store',
    openMenu: 'Open menu',
    title: 'Store',
    music: 'Music',
    clothing: 'Clothing',
    items: ['Starlit Hoodie', 'Midnight Lo-fi', 'Starry Waltz'],
    add: (name: string) => `Add ${name} to cart`,
    preview: 'Preview of Midnight Lo-fi',
    cart: 'Cart',
    buy: 'Buy (3)',
    total: '280 diamonds',
    insufficient: 'Insufficient balance',
    recharge: 'Recharge',
    modal: 'Recharge diamonds',
    agreement: /recharge agreement/,
    adult: /I am 18 or older/,
    pay: 'Pay $4.99',
    paid: '330 diamonds added. Thank you!',
    bought: 'Bought 3 items. They are yours now.',
    owned: 'Owned',
    balance: '50 diamonds',
  },
  zh_TW: {
    nav: '商店',
    openMenu: '開啟選單',
    title: '商店',
    music: '音樂',
    clothing: '服飾',
    items: ['星光連帽衫', '午夜低傳真', '星空圓舞曲'],
    add: (name: string) => `將 ${name} 加入購物車`,
    preview: '試聽 午夜低傳真',
    cart: '購物車',
    buy: '購買（3）',
    total: '280 鑽石',
    insufficient: '餘額不足',
    recharge: '前往儲值',
    modal: '儲值鑽石',
    agreement: /儲值協議/,
    adult: /我已年滿 18 歲/,
    pay: /支付/,
    paid: '已加入 330 鑽石，謝謝！',
    bought: '已購買 3 件商品，現在屬於你了。',
    owned: '已擁有',
    balance: '50 鑽石',
  },
} as const;

test.describe.configure({ mode: 'serial' });

for (const lang of ['en_US', 'zh_TW'] as const) {
  for (const width of [1280, 390]) {
    test(`a new user fills a cart of three, recharges when short and buys them at once (${lang}, ${width}px)`, async ({ page }) => {
      test.setTimeout(120_000);
      const w = words[lang];
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await signUpThroughProvider(page, uniqueName('shopper'));
      await page.evaluate((code) => localStorage.setItem('languageType', code), lang);
      await page.reload();
      await openStore(page, w);
      const cart = page.getByRole('region', { name: w.cart });

      // the first tab is Clothing; music items play a composed preview
      await page.getByRole('button', { name: w.add(w.items[0]) }).click();
      await page.getByRole('tab', { name: w.music }).click();
      const preview = page.getByLabel(w.preview);
      await expect(preview).toBeVisible();
      const sound = await page.request.get((await preview.getAttribute('src')) ?? '');
      expect(sound.ok()).toBe(true);
      expect(sound.headers()['content-type']).toContain('audio/wav');
      await page.getByRole('button', { name: w.add(w.items[1]) }).click();
      await page.getByRole('button', { name: w.add(w.items[2]) }).click();
      for (const name of w.items) await expect(cart.getByText(name)).toBeVisible();
      await expect(cart.getByTestId('cart-total')).toHaveText(w.total);
      if (process.env.SCREENSHOTS) {
        // from the top, so the sticky header sits where it belongs in the full-page picture
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(screenshotDir, `store-${lang}-${width}.png`), fullPage: true });
        await cart.screenshot({ path: path.join(screenshotDir, `store-cart-${lang}-${width}.png`) });
      }

      // no diamonds yet: "Insufficient balance", and its button opens the RECHARGE modal over the store
      await cart.getByRole('button', { name: w.buy }).click();
      const short = cart.getByRole('alert');
      await expect(short).toContainText(w.insufficient);
      await short.getByRole('button', { name: w.recharge }).click();
      const modal = page.getByRole('dialog', { name: w.modal });
      await modal.getByRole('button', { name: /^300\b/ }).click();
      await modal.getByRole('checkbox', { name: w.agreement }).check();
      await modal.getByLabel(w.adult).check();
      await modal.getByRole('button', { name: w.pay }).click();
      await expect(page.getByText(w.paid).first()).toBeVisible();
      await expect(modal).toBeHidden();
      await expect(page).toHaveURL(/\/store$/);

      // the cart is kept on the server: it is still full after the page is loaded again
      await page.reload();
      for (const name of w.items) await expect(cart.getByText(name)).toBeVisible();
      // a double click buys once: both clicks carry one key and are answered one order
      const answers: Array<{ code: number; data: { orderId: string } }> = [];
      page.on('response', async (res) => {
        if (res.url().endsWith('/api/v1/store/buy')) answers.push(await res.json());
      });
      await cart.getByRole('button', { name: w.buy }).dblclick();
      await expect(cart.getByRole('status')).toContainText(w.bought);
      await expect.poll(() => answers.length).toBe(2);
      expect(answers.map((a) => a.code)).toEqual([0, 0]);
      expect(new Set(answers.map((a) => a.data.orderId)).size).toBe(1);
      await expect(page.getByText(w.balance).first()).toBeVisible();
      await expect(cart.getByText(w.items[0])).toBeHidden();

      // bought items show as owned and cannot be carted again
      await page.getByRole('tab', { name: w.clothing }).click();
      const hoodie = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: w.items[0] }) });
      await expect(hoodie.getByText(w.owned)).toBeVisible();
      await expect(hoodie.getByRole('button', { name: w.add(w.items[0]) })).toHaveCount(0);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    });
  }
}

test('an admin closes the store and edits a price; a shopper is told "Store not open"', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/');
  await signUpThroughProvider(admin, 'e2eadmin');
  await openStore(admin, words.en_US);
  const panel = admin.getByRole('region', { name: 'Store (admin)' });
  await panel.getByRole('button', { name: 'Close the store' }).click();
  await expect(panel.getByText(/The store is closed/)).toBeVisible();

  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/');
  await signUpThroughProvider(shopper, uniqueName('closed'));
  await openStore(shopper, words.en_US);
  await expect(shopper.getByRole('alert').filter({ hasText: 'Store not open' })).toBeVisible();
  await shopper.getByRole('button', { name: 'Add Nebula Jacket to cart' }).click();
  await expect(shopper.getByText('Store not open').first()).toBeVisible();

  await admin.getByRole('button', { name: 'Edit the price of Nebula Jacket' }).click();
  await admin.getByRole('textbox', { name: 'Price of Nebula Jacket' }).fill('250');
  if (process.env.SCREENSHOTS) {
    await admin.evaluate(() => window.scrollTo(0, 0));
    await admin.screenshot({ path: path.join(screenshotDir, 'store-admin-en_US-1280.png'), fullPage: true });
  }
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(
    admin
      .getByTestId(/^store-item-/)
      .filter({ hasText: 'Nebula Jacket' })
      .getByText('250 diamonds'),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Open the store' }).click();
  await expect(panel.getByText('The store is open.')).toBeVisible();

  await shopper.reload();
  await expect(shopper.getByText('250 diamonds')).toBeVisible();
  await shopper.getByRole('button', { name: 'Add Nebula Jacket to cart' }).click();
  const cart = shopper.getByRole('region', { name: 'Cart' });
  await expect(cart.getByText('Nebula Jacket')).toBeVisible();

  // the price changes while it sits in the cart: Buy is refused, the cart shows the new price
  // without a reload, and the next Buy sends it (this shopper is then short of diamonds)
  await admin.getByRole('button', { name: 'Edit the price of Nebula Jacket' }).click();
  await admin.getByRole('textbox', { name: 'Price of Nebula Jacket' }).fill('260');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(
    admin
      .getByTestId(/^store-item-/)
      .filter({ hasText: 'Nebula Jacket' })
      .getByText('260 diamonds'),
  ).toBeVisible();
  await cart.getByRole('button', { name: 'Buy (1)' }).click();
  await expect(cart.getByRole('alert').filter({ hasText: 'A price has changed' })).toBeVisible();
  await expect(cart.getByTestId('cart-total')).toHaveText('260 diamonds');
  await cart.getByRole('button', { name: 'Buy (1)' }).click();
  await expect(cart.getByRole('alert').filter({ hasText: 'Insufficient balance' })).toBeVisible();
});
