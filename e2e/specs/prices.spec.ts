import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { publishedAgent } from '../support/agents';
import { callAs } from '../support/api';
import { accountButton, signUpThroughProvider, uniqueName } from '../support/session';

// Issue 10, "Admin: edit prices" (docs/economy.md, Admin console): an admin goes from home to
// the economy console and changes a gift's price and a skill's price and period; a fan who had
// the gift panel open is refused the old price and pays the new one, and an owner with the
// editor open is refused the old skill price and shown the new one. Then the console's price sections in both languages at 1280
// and 390 px (SCREENSHOTS=1 writes them to docs/screenshots).

const dir = process.env.SCREENSHOTS ? path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots') : path.join(import.meta.dirname, '..', 'test-results', 'screens');
const agentName = `Priced${Date.now().toString(36).slice(-5)}`;
const key = () => `e2e_${Math.random().toString(36).slice(2, 14)}`;

async function person(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/');
  await signUpThroughProvider(page, name);
  return page;
}

async function openConsole(admin: Page) {
  await admin.getByRole('link', { name: 'Home', exact: true }).first().click();
  await accountButton(admin, 'e2eadmin').click();
  await admin.getByRole('menuitem', { name: 'Economy console' }).click();
  await expect(admin.getByRole('heading', { name: 'Economy console' })).toBeVisible();
}

const noScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('an admin edits a gift price and a skill price from home; buyers see the new prices at once', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await person(browser, 'e2eadmin');
  const owner = await person(browser, uniqueName('owner'));
  const agentId = await publishedAgent(owner, agentName);
  const fanName = uniqueName('fan');
  const fan = await person(browser, fanName);
  const fanId = (await callAs(admin, calls.economyAdmin.findUser, { name: fanName })).userId;
  await callAs(admin, calls.economyAdmin.adjust, { userId: fanId, currency: 'JE', amount: 200, reason: 'prices e2e', key: key() });

  // the fan opens the gift panel while the rose still costs 52 (gifts.spec.ts finds the agent from home)
  await fan.goto(`/#/agentcenter/${agentId}`);
  await fan.getByRole('button', { name: 'Send a gift' }).click();
  const panel = fan.getByRole('dialog', { name: `Send a gift to ${agentName}` });
  await panel.getByTestId('gift-rose').click();
  await expect(panel.getByTestId('gift-rose')).toContainText('52 diamonds');
  // and an owner starts a new agent, whose skills step shows Text to image at 30 diamonds
  await owner.getByRole('link', { name: 'Home', exact: true }).first().click();
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
  await owner.getByRole('link', { name: /Create an agent/ }).click();
  await owner.getByRole('textbox', { name: 'Nickname', exact: true }).fill(uniqueName('Sky').slice(0, 16));
  await expect(owner).toHaveURL(/#\/agent\/[0-9a-f-]{36}$/);
  await expect(owner.getByRole('button', { name: 'Buy Text to image for 30 diamonds' })).toBeVisible();

  await test.step('the admin prices the rose at 77 diamonds, clicking from home', async () => {
    await openConsole(admin);
    await admin.getByRole('tab', { name: 'Gift prices' }).click();
    const rose = admin.getByRole('form', { name: 'Rose' });
    await expect(rose.getByRole('combobox', { name: 'Sold as' })).toHaveValue('diamonds');
    await rose.getByRole('textbox', { name: 'Price (diamonds)' }).fill('0');
    await expect(rose.getByText('A gift that is not free needs a price of at least 1')).toBeVisible();
    await expect(rose.getByRole('button', { name: 'Save' })).toBeDisabled();
    await rose.getByRole('textbox', { name: 'Price (diamonds)' }).fill('77');
    await rose.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Rose saved')).toBeVisible();
    // a limited-time gift needs the end of its free time before it can be saved
    const heart = admin.getByRole('form', { name: 'Heart', exact: true });
    await heart.getByRole('combobox', { name: 'Sold as' }).selectOption({ label: 'Free for a limited time' });
    await expect(heart.getByText('Choose when the free period ends')).toBeVisible();
    await expect(heart.getByRole('button', { name: 'Save' })).toBeDisabled();
    await heart.getByRole('combobox', { name: 'Sold as' }).selectOption({ label: 'Free' });
  });

  await test.step('the fan, shown 52, is refused and sees 77; sending again pays 77', async () => {
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByText('The price of this gift has changed, please check it and try again')).toBeVisible();
    await expect(panel.getByTestId('gift-rose')).toContainText('77 diamonds');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(fan.getByText(/You sent Rose/).first()).toBeVisible();
    expect((await callAs(fan, calls.ledger.balances, {})).JE).toBe(123);
  });

  await test.step('the admin sets Text to image to 45 diamonds for 14 days; the owner shown 30 is refused and sees 45', async () => {
    await admin.getByRole('tab', { name: 'Skill prices' }).click();
    const skill = admin.getByRole('form', { name: 'Text to image' });
    await skill.getByRole('textbox', { name: 'Price (diamonds)' }).fill('45');
    await skill.getByRole('textbox', { name: 'Usage period (days)' }).fill('0');
    await expect(skill.getByText('Enter whole days from 1 to 3650, or tick Permanent')).toBeVisible();
    await skill.getByRole('textbox', { name: 'Usage period (days)' }).fill('14');
    await skill.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Text to image saved')).toBeVisible();

    await owner.getByRole('button', { name: 'Buy Text to image for 30 diamonds' }).click();
    await expect(owner.getByText('The price has changed: look at the new price and try again')).toBeVisible();
    await expect(owner.getByRole('button', { name: 'Buy Text to image for 45 diamonds' })).toBeVisible();
    await expect(owner.getByRole('group', { name: 'Skills of the agent' }).getByText('14 days')).toBeVisible();
  });

  await test.step('the console links to the store’s own controls', async () => {
    await admin.getByRole('tab', { name: 'Store' }).click();
    await expect(admin.getByText('The store is open.')).toBeVisible();
    await admin.getByRole('link', { name: "Open the store's controls" }).click();
    await expect(admin).toHaveURL(/#\/store$/);
    await expect(admin.getByRole('button', { name: 'Close the store' })).toBeVisible();
  });

  await test.step('the price sections in both languages at 1280 and 390 px', async () => {
    for (const lang of ['en_US', 'zh_TW'] as const) {
      await admin.evaluate((l) => localStorage.setItem('languageType', l), lang);
      await admin.goto('/#/economy');
      // the language is read when the page loads
      await admin.reload();
      const tabs = lang === 'en_US' ? { gifts: 'Gift prices', skills: 'Skill prices', voices: 'Voice prices' } : { gifts: '禮物價格', skills: '技能價格', voices: '聲音價格' };
      for (const [section, name] of Object.entries(tabs)) {
        await admin.getByRole('tab', { name }).click();
        await expect(admin.getByRole('heading', { level: 2, name })).toBeVisible();
        await expect(admin.getByRole('form').first()).toBeVisible();
        for (const width of [1280, 390]) {
          await admin.setViewportSize({ width, height: 900 });
          if (process.env.SCREENSHOTS) await admin.screenshot({ path: path.join(dir, `economy-prices-${section}-${lang}-${width}.png`), fullPage: true });
          expect(await noScroll(admin)).toBeLessThanOrEqual(0);
        }
        await admin.setViewportSize({ width: 1280, height: 900 });
      }
    }
    await admin.evaluate(() => localStorage.setItem('languageType', 'en_US'));
  });

  // the seeded prices again, for the specs that run after this one on the same server
  await callAs(admin, calls.economyAdmin.saveGift, { giftKey: 'rose', priceKind: 'diamonds', price: 52, freeUntil: null, expiresAt: null });
  await callAs(admin, calls.economyAdmin.saveSkill, { skill: 'TextToImage', priceDiamonds: 30, usageDays: 30 });
});
