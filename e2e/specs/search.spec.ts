import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { publishedAgent } from '../support/agents';
import { signUpThroughProvider, uniqueName } from '../support/session';

// The header's search (docs/search.md), reached by clicking from home as a person does. Other
// specs publish into the same database, so every name here carries a word of this run only and
// the results are looked for by name, never by position.

// With SCREENSHOTS=1 the pictures land in docs/screenshots (committed); otherwise in test-results.
const dir = process.env.SCREENSHOTS ? path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots') : path.join(import.meta.dirname, '..', 'test-results', 'screens');

/** Characters that make a two-character word no seeded work or other spec uses. */
const RARE = '琥珀翡翠麒麟鳳凰琉璃瑪瑙玳瑁珊瑚蝴蝶鸚鵡薔薇芍藥蘆葦';
const pick = () => RARE[Math.floor(Math.random() * RARE.length)];
const word = `${pick()}${pick()}`;
const suffix = Date.now().toString(36).slice(-4);
const workName = `${word}漫步 ${suffix}`;
const agentName = `${word}精靈${suffix}`;
const nonsense = `qzxv${suffix}`;

const words = {
  en_US: { box: 'Search works, agents and users', heading: `Results for “${word}”`, works: 'Works', agents: 'Agents', users: 'Users', empty: 'No results', menu: 'Open menu' },
  zh_TW: { box: '搜尋作品、智能體與用戶', heading: `「${word}」的搜尋結果`, works: '作品', agents: '智能體', users: '用戶', empty: '沒有結果', menu: '開啟選單' },
} as const;
type Lang = keyof typeof words;

test.describe.configure({ mode: 'serial' });

/** Types into the header's search box and sends it; below 768 px the box is in the menu. */
async function search(page: Page, lang: Lang, text: string) {
  const narrow = (page.viewportSize()?.width ?? 1280) < 768;
  if (narrow) await page.getByRole('button', { name: words[lang].menu }).click();
  const box = page.getByRole('searchbox', { name: words[lang].box });
  await box.fill(text);
  await box.press('Enter');
}

test('a published work, an agent and a user are found from the header box, tab by tab', async ({ page }) => {
  test.setTimeout(120_000);
  const userName = uniqueName('seeker');
  await page.goto('/');
  await signUpThroughProvider(page, userName);
  await publishedAgent(page, agentName);

  await test.step('the user publishes a post whose name holds the word', async () => {
    await page.getByRole('link', { name: 'Start creating' }).click();
    await page.getByRole('link', { name: /Write a post/ }).click();
    await page.getByLabel('Name', { exact: true }).fill(workName);
    await page.getByLabel('Text').fill('An afternoon by the river');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page).toHaveURL(/view=mine/);
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  });

  await test.step('the two-character word finds the work in the works tab', async () => {
    await search(page, 'en_US', word);
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(word)}$`));
    await expect(page.getByRole('heading', { level: 1, name: words.en_US.heading })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Works' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: 'Works' }).getByRole('button', { name: workName })).toBeVisible();
    // the box keeps what was searched
    await expect(page.getByRole('searchbox', { name: words.en_US.box })).toHaveValue(word);
  });

  await test.step('the agents tab finds the agent, whose page opens from it', async () => {
    await page.getByRole('tab', { name: 'Agents' }).click();
    await expect(page).toHaveURL(/type=agents/);
    const agent = page.getByRole('list', { name: 'Agents' }).getByRole('link', { name: agentName });
    await expect(agent).toBeVisible();
    await expect(page.getByRole('list', { name: 'Agents' }).getByRole('button', { name: workName })).toHaveCount(0);
    await agent.click();
    await expect(page).toHaveURL(/#\/agentcenter\/[0-9a-f-]{36}$/);
    // its picture opens full screen (SCAN_IMAGE), and Back leaves it with the page
    await page.getByRole('button', { name: `View the picture of ${agentName} full screen` }).click();
    const viewer = page.getByRole('dialog', { name: 'Picture viewer' });
    await expect(viewer.getByTestId('scan-image')).toHaveAttribute('src', /avatars/);
    await page.goBack();
    await expect(viewer).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Agents' })).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('the users tab finds the user by name and opens the profile', async () => {
    await page.getByRole('tab', { name: 'Users' }).click();
    // the word is in no user name
    await expect(page.getByRole('status').getByText('No results')).toBeVisible();
    // searching again from the users tab stays on it
    await search(page, 'en_US', userName);
    await expect(page).toHaveURL(/type=users/);
    const person = page.getByRole('list', { name: 'Users' }).getByRole('link', { name: userName });
    await expect(person).toBeVisible();
    await person.click();
    await expect(page.getByRole('heading', { level: 1, name: userName })).toBeVisible();
  });

  await test.step('a nonsense query says there is nothing, in every tab', async () => {
    await search(page, 'en_US', nonsense);
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${nonsense}”` })).toBeVisible();
    for (const tab of ['Users', 'Works', 'Agents']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab }).getByRole('status')).toContainText('No results');
    }
  });
});

for (const width of [1280, 390] as const) {
  for (const lang of ['en_US', 'zh_TW'] as const) {
    test(`search reads in ${lang} and fits ${width}px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, isMobile: width < 600, hasTouch: width < 600 });
      const page = await context.newPage();
      await page.addInitScript((code) => localStorage.setItem('languageType', code), lang);
      await page.goto('/');
      const w = words[lang];

      await search(page, lang, word);
      await expect(page.getByRole('heading', { level: 1, name: w.heading })).toBeVisible();
      await expect(page.getByRole('tablist')).toContainText(w.works);
      const work = page.getByRole('list', { name: w.works }).getByRole('button', { name: workName });
      await expect(work).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.waitForLoadState('networkidle');
      await page.mouse.move(0, 0);
      await page.screenshot({ path: path.join(dir, `search-${lang}-${width}.png`) });

      await page.getByRole('tab', { name: w.agents }).click();
      await expect(page.getByRole('list', { name: w.agents }).getByRole('link', { name: agentName })).toBeVisible();
      await page.getByRole('tab', { name: w.users }).click();
      await expect(page.getByRole('tabpanel', { name: w.users }).getByRole('status')).toContainText(w.empty);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await context.close();
    });
  }
}
